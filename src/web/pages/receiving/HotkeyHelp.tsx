import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Kbd, Modal, Table, Text } from '@mantine/core';
import type { Shortcut } from './hotkeys';

/** The help overlay of the Receiving shortcuts (opened with '?'). */
export function HotkeyHelp({ opened, onClose, shortcuts }: { opened: boolean; onClose: () => void; shortcuts: readonly Shortcut[] }) {
  const { t, i18n } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Keyboard shortcuts`} size="lg" returnFocus={false}>
      <Table verticalSpacing={6} fz="sm" data-testid="hotkey-help">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150}>
              <Trans>Keys</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Does</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>
              <Text fz="sm" fw={600}>
                <Trans>scan + Enter</Trans>
              </Text>
            </Table.Td>
            <Table.Td>
              <Trans>In the scan field: adds one unit of that line with the condition and reason of the next scans</Trans>
            </Table.Td>
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
              <Table.Td>{i18n._(s.label)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text fz="xs" c="dimmed" mt="sm">
        <Trans>
          The Alt shortcuts and F2 also work while the cursor is in a text field; Enter in a line&apos;s Quantity or Comment saves that
          line.
        </Trans>
      </Text>
    </Modal>
  );
}
