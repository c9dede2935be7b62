// Units received that are not on the order (issue 16): wrong items and extra items of another order,
// listed under the order's lines with their discrepancy in its own colour.
import { ActionIcon, Badge, Group, Table, Text } from '@mantine/core';
import { IconCamera, IconTrash } from '@tabler/icons-react';
import type { DispositionView } from '../../../contract/dispositions';
import type { LedgerEntry, OrderDetail } from '../../../contract/orders';
import { DiscrepancyBadge, DISCREPANCY_COLORS } from './DiscrepancyBadge';
import { dispositionLabel } from './OrderLineRows';
import classes from './receiving.module.css';

export function OffOrderRows({
  order,
  fresh,
  dispositions,
  skus,
  onRemove,
  photosOf,
  onPhotos,
}: {
  /** SKUs of the products the wrong/extra item dialog picked (they are not on the order). */
  skus: Record<number, string>;
  order: OrderDetail;
  fresh: LedgerEntry[];
  dispositions: DispositionView[];
  onRemove: (id: LedgerEntry['id']) => void;
  /** Photos of a new entry and its photo dialog (the photo evidence feature), as on the order's lines. */
  photosOf: (id: LedgerEntry['id']) => number[];
  onPhotos: (id: LedgerEntry['id']) => void;
}) {
  const rows = [...order.ledgers, ...fresh].filter((l) => l.order_line_id === null);
  if (rows.length === 0) return null;
  const reasonLabel = (code: string) => order.reasons.find((r) => r.option_code === code)?.option_value ?? code;
  const lineSku = (id: number | null) => order.order_lines.find((l) => l.id === id)?.product.sku;
  return (
    <Table.Tbody data-testid="off-order" className={classes.line}>
      <Table.Tr>
        <Table.Td colSpan={12}>
          <Text fz="xs" fw={700} c="gray.7">
            Not on the order
          </Text>
        </Table.Td>
      </Table.Tr>
      {rows.map((l) => (
        <Table.Tr
          key={String(l.id)}
          className={`${classes.ledgerRow} ${classes.discrepancyRow}`}
          style={{ ['--discrepancy-color' as string]: `var(--mantine-color-${DISCREPANCY_COLORS[l.discrepancy ?? ''] ?? 'gray'}-6)` }}
          data-testid={l.return_id ? 'ledger-previous' : 'ledger-new'}
        >
          <Table.Td colSpan={2}>
            <DiscrepancyBadge kind={l.discrepancy ?? ''} />
          </Table.Td>
          <Table.Td colSpan={2}>
            <Text fz="xs" fw={600} span className={classes.code}>
              {order.order_lines.find((line) => line.product_id === l.product_id)?.product.sku ??
                skus[l.product_id] ??
                `Product #${l.product_id}`}
            </Text>
            {l.replaces_order_line_id && (
              <Text fz="xs" span c="gray.7">
                {' '}
                instead of {lineSku(l.replaces_order_line_id)}
              </Text>
            )}
          </Table.Td>
          <Table.Td ta="center">
            {l.return_id ? (
              <Badge size="xs" variant="light" color="gray">
                #{l.return_id}
              </Badge>
            ) : (
              <Badge size="xs" variant="light" color="blue">
                This Return
              </Badge>
            )}
          </Table.Td>
          <Table.Td fz="xs" fw={600} ta="right" pr="md">
            {l.quantity}
          </Table.Td>
          <Table.Td fz="xs">{l.condition}</Table.Td>
          <Table.Td fz="xs">{reasonLabel(l.reason)}</Table.Td>
          <Table.Td fz="xs" className={classes.comment}>
            {l.comment}
          </Table.Td>
          <Table.Td fz="xs">{dispositionLabel(dispositions, l.disposition)}</Table.Td>
          <Table.Td fz="xs" className={classes.code}>
            {l.location}
          </Table.Td>
          <Table.Td>
            {!l.return_id && (
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant={photosOf(l.id).length ? 'light' : 'subtle'}
                  size="sm"
                  color="gray.7"
                  aria-label={`Photos of ${l.quantity} × ${l.discrepancy} (${photosOf(l.id).length})`}
                  onClick={() => onPhotos(l.id)}
                  data-testid="ledger-photos"
                >
                  <IconCamera size={15} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  size="sm"
                  aria-label={`Remove ${l.quantity} × ${l.discrepancy}`}
                  onClick={() => onRemove(l.id)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}
