// The pieces the two tables of the Correct dialog share (its lines, and the order lines missing from the
// parcel): a bordered table whose last column removes the row, and the picker that adds an order line.
import { Trans } from '@lingui/react/macro';
import { ActionIcon, Button, Group, Select, Table, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** `headers`: the column headers before the unlabelled remove column; `children`: the rows. */
export function EditableLinesTable({ testId, headers, children }: { testId: string; headers: ReactNode; children: ReactNode }) {
  return (
    <Table withTableBorder verticalSpacing={4} data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          {headers}
          <Table.Th w={44}>
            <VisuallyHidden>
              <Trans>Remove</Trans>
            </VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}

export function RemoveLineCell({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Table.Td>
      <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onRemove}>
        <IconTrash size={16} />
      </ActionIcon>
    </Table.Td>
  );
}

export function OrderLinePicker({
  label,
  placeholder,
  choices,
  value,
  onChange,
  onAdd,
  action,
}: {
  label: string;
  placeholder: string;
  choices: { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
  onAdd: () => void;
  action: string;
}) {
  return (
    <Group align="end" gap="xs">
      <Select label={label} placeholder={placeholder} data={choices} value={value} onChange={onChange} searchable w={420} />
      <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onAdd} disabled={!value}>
        {action}
      </Button>
    </Group>
  );
}
