import { Group, Kbd, Modal, Table, Text } from '@mantine/core';
import type { Shortcut } from './hotkeys';

/** The help overlay of the Receiving shortcuts (opened with '?'). */
export function HotkeyHelp({ opened, onClose, shortcuts }: { opened: boolean; onClose: () => void; shortcuts: readonly Shortcut[] }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size="lg" returnFocus={false}>
      <Table verticalSpacing={6} fz="sm" data-testid="hotkey-help">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150}>Keys</Table.Th>
            <Table.Th>Does</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>
              <Text fz="sm" fw={600}>
                scan + Enter
              </Text>
            </Table.Td>
            <Table.Td>In the scan field: adds one unit of that line with the condition and reason of the next scans</Table.Td>
          </Table.Tr>
          {shortcuts.map((s) => (
            <Table.Tr key={s.command}>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {s.keys.map((k, i) => (
                    <span key={k}>
                      {i > 0 && ' + '}
                      <Kbd>{k}</Kbd>
                    </span>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{s.label}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text fz="xs" c="dimmed" mt="sm">
        The Alt shortcuts and F2 also work while the cursor is in a text field; Enter in a line&apos;s Quantity or Comment saves that line.
      </Text>
    </Modal>
  );
}
