// Units received that are not on the order (issue 16): wrong items and extra items of another order,
// listed under the order's lines with their discrepancy in its own colour. The badge stands on the
// row's first line, the product and the line it replaced after it, so neither covers the other.
import type { I18n } from '@lingui/core';
import { Fragment, type ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Table, Text } from '@mantine/core';
import type { DispositionView } from '../../../contract/dispositions';
import type { LedgerEntry, OrderDetail, Product } from '../../../contract/orders';
import { DISCREPANCY_COLORS } from './DiscrepancyBadge';
import { LedgerRow } from './LedgerRow';
import { LINE_COLUMNS } from './OrderLineRows';
import classes from './receiving.module.css';

/** A product's SKU for the screen: an order line's, one the wrong/extra item dialog picked, else its id. */
export function productSku(i18n: I18n, order: OrderDetail, picked: Record<number, Pick<Product, 'sku'>>, productId: number): string {
  return (
    order.order_lines.find((line) => line.product_id === productId)?.product.sku ??
    picked[productId]?.sku ??
    i18n._(msg`Product #${productId}`)
  );
}

export function OffOrderRows({
  order,
  fresh,
  dispositions,
  products,
  onRemove,
  photosOf,
  onPhotos,
  inspectionOf,
}: {
  /** Issue 27: the open inspection of one of these entries, shown under its row. */
  inspectionOf?: (entryId: string) => ReactNode;
  /** The products the wrong/extra item dialog picked (they are not on the order). */
  products: Record<number, Pick<Product, 'sku' | 'name_1'>>;
  order: OrderDetail;
  fresh: LedgerEntry[];
  dispositions: DispositionView[];
  onRemove: (id: LedgerEntry['id']) => void;
  /** Photos of a new entry and its photo dialog (the photo evidence feature), as on the order's lines. */
  photosOf: (id: LedgerEntry['id']) => number[];
  onPhotos: (id: LedgerEntry['id']) => void;
}) {
  const { i18n } = useLingui();
  const rows = [...order.ledgers, ...fresh].filter((l) => l.order_line_id === null);
  if (rows.length === 0) return null;
  const reasonLabel = (code: string) => order.reasons.find((r) => r.option_code === code)?.option_value ?? code;
  const lineSku = (id: number | null) => order.order_lines.find((l) => l.id === id)?.product.sku;
  return (
    <Table.Tbody data-testid="off-order" className={classes.line}>
      <Table.Tr>
        <Table.Td colSpan={LINE_COLUMNS}>
          <Text fz="xs" fw={700} c="dimmed">
            <Trans>Not on the order</Trans>
          </Text>
        </Table.Td>
      </Table.Tr>
      {rows.map((l) => {
        const sku = productSku(i18n, order, products, l.product_id);
        const replaced = l.replaces_order_line_id ? lineSku(l.replaces_order_line_id) : undefined;
        const name = products[l.product_id]?.name_1;
        const inspection = inspectionOf?.(String(l.id));
        return (
          <Fragment key={String(l.id)}>
            <LedgerRow
              entry={l}
              sku={sku}
              className={classes.discrepancyRow}
              style={{ ['--discrepancy-color' as string]: `var(--mantine-color-${DISCREPANCY_COLORS[l.discrepancy ?? ''] ?? 'gray'}-6)` }}
              lead={
                <>
                  <Text fz="xs" fw={600} span className={classes.codeWrap}>
                    {sku}
                  </Text>
                  {name && (
                    <Text fz="xs" span>
                      {name}
                    </Text>
                  )}
                  {l.replaces_order_line_id && (
                    <Text fz="xs" span c="dimmed">
                      <Trans>instead of {replaced}</Trans>
                    </Text>
                  )}
                </>
              }
              reasonLabel={reasonLabel}
              dispositions={dispositions}
              photos={photosOf(l.id)}
              onPhotos={() => onPhotos(l.id)}
              onRemove={() => onRemove(l.id)}
            />
            {inspection && (
              <Table.Tr className={classes.inspectionRow}>
                <Table.Td colSpan={LINE_COLUMNS}>{inspection}</Table.Td>
              </Table.Tr>
            )}
          </Fragment>
        );
      })}
    </Table.Tbody>
  );
}
