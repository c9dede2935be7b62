import { ActionIcon, Badge, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { LedgerEntry, ReasonOption } from '../../../contract/orders';

export interface LedgerTableProps {
  previous: LedgerEntry[];
  fresh: LedgerEntry[];
  reasons: ReasonOption[];
  onRemove: (id: LedgerEntry['id']) => void;
}

/** One line's ledgers: saved ones ('Previous Return') first, then this return's, which can be removed. */
export function LedgerTable({ previous, fresh, reasons, onRemove }: LedgerTableProps) {
  if (previous.length + fresh.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing received for this line yet.
      </Text>
    );
  }
  const reasonLabel = (code: string) => reasons.find((r) => r.option_code === code)?.option_value ?? code;
  return (
    <Table striped withTableBorder fz="sm" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Return ID</Table.Th>
          <Table.Th>Qty</Table.Th>
          <Table.Th>Reason</Table.Th>
          <Table.Th>Condition</Table.Th>
          <Table.Th>Comment</Table.Th>
          <Table.Th w={40} aria-label="Remove" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {[...previous, ...fresh].map((l) => (
          <Table.Tr key={String(l.id)} data-testid={l.return_id ? 'ledger-previous' : 'ledger-new'}>
            <Table.Td>
              {l.return_id ? (
                <Badge variant="light" color="gray">
                  Previous Return #{l.return_id}
                </Badge>
              ) : (
                <Badge variant="light" color="blue">
                  This Return
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{l.quantity}</Table.Td>
            <Table.Td>{reasonLabel(l.reason)}</Table.Td>
            <Table.Td>{l.condition}</Table.Td>
            <Table.Td>{l.comment}</Table.Td>
            <Table.Td>
              {!l.return_id && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${l.quantity} × ${l.condition}`}
                  onClick={() => onRemove(l.id)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
