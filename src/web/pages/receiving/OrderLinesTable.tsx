// The order panel's lines table (SPEC §2.7): the column heads, each order line with its entry form and
// ledger rows, then the wrong and extra items recorded on this return (issue 16).
import { Trans, useLingui } from '@lingui/react/macro';
import { Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import type { CustomerSummary } from '../../../contract/common';
import type { DispositionView } from '../../../contract/dispositions';
import type { LedgerEntry, OrderDetail, OrderLine, Product } from '../../../contract/orders';
import { entryPhotos, type ReturnDraft } from './draft-reducer';
import type { EntryValues } from './LedgerEntryForm';
import { OffOrderRows } from './OffOrderRows';
import { OrderLineRows } from './OrderLineRows';
import { productImageUrls } from './receiving-logic';
import classes from './receiving.module.css';

export interface OrderLinesTableProps {
  order: OrderDetail;
  /** The order's lines the scan field's filter leaves. */
  lines: OrderLine[];
  draft: ReturnDraft;
  customer: CustomerSummary | undefined;
  dispositions: DispositionView[];
  /** The products the wrong/extra item dialog picked (they are not on the order). */
  offOrderProducts: Record<number, Pick<Product, 'sku' | 'name_1'>>;
  entryOf: (lineId: number) => EntryValues;
  /** The line a scan just hit, and the count that restarts its mark. */
  flash: { lineId: number; seq: number } | null;
  onEntryChange: (lineId: number, values: EntryValues) => void;
  onSave: (line: OrderLine, values: EntryValues & { quantity: number }) => void;
  onMissing: (orderLineId: number, quantity: number) => void;
  onRemove: (id: LedgerEntry['id']) => void;
  onPhotos: (id: LedgerEntry['id']) => void;
  /** Issue 27: the open inspection of a line's unit, shown in the line's detail area. */
  inspectionOf?: (lineId: number) => React.ReactNode;
}

export function OrderLinesTable(props: OrderLinesTableProps) {
  const { order, lines, draft, customer, dispositions, flash, onRemove, onPhotos } = props;
  const photosOf = (id: LedgerEntry['id']) => entryPhotos(draft, id);
  const { t } = useLingui();
  return (
    <Paper withBorder className={classes.linesPaper}>
      <Table layout="fixed" verticalSpacing={1} horizontalSpacing={6} className={classes.lines} aria-label={t`Order lines`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={26}>
              <VisuallyHidden>
                <Trans>Detail</Trans>
              </VisuallyHidden>
            </Table.Th>
            <Table.Th w={36}>
              <VisuallyHidden>
                <Trans>Image</Trans>
              </VisuallyHidden>
            </Table.Th>
            <Table.Th w={150}>
              <Trans>SKU / UPC</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Name / Colour | Size</Trans>
            </Table.Th>
            <Table.Th w={68} ta="center">
              <Trans context="quantity">Received</Trans>
            </Table.Th>
            <Table.Th w={44}>
              <Trans>Qty</Trans>
            </Table.Th>
            <Table.Th w={132}>
              <Trans>Condition</Trans>
            </Table.Th>
            <Table.Th w={158}>
              <Trans>Reason</Trans>
            </Table.Th>
            <Table.Th w={92}>
              <Trans>Comment</Trans>
            </Table.Th>
            <Table.Th w={132}>
              <Trans>Disposition / Bin</Trans>
            </Table.Th>
            {/* A fixed layout does not grow a column to its content: Save's column is as wide as its word
                needs (German's Speichern, 40% longer pseudo texts) beside the line's action, 92 px at least (English's
                stays 92: a wider column cut the desk's product names). */}
            <Table.Th style={{ width: `max(92px, calc(${t`Save`.length * 1.15}ch + 52px))` }}>
              <VisuallyHidden>
                <Trans>Save, missing or remove</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        {lines.map((line) => (
          <OrderLineRows
            key={line.id}
            line={line}
            previous={order.ledgers}
            fresh={draft.return_ledgers}
            reasons={order.reasons}
            dispositions={dispositions}
            missing={(draft.missing_lines ?? []).find((m) => m.order_line_id === line.id)?.quantity ?? 0}
            onMissing={(quantity) => props.onMissing(line.id, quantity)}
            imageUrls={productImageUrls(customer, line.product.sku)}
            entry={props.entryOf(line.id)}
            flash={flash?.lineId === line.id}
            flashSeq={flash?.seq ?? 0}
            onEntryChange={(values) => props.onEntryChange(line.id, values)}
            onSave={(values) => props.onSave(line, values)}
            onRemove={onRemove}
            photosOf={photosOf}
            onPhotos={onPhotos}
            inspection={props.inspectionOf?.(line.id)}
          />
        ))}
        <OffOrderRows
          order={order}
          fresh={draft.return_ledgers}
          dispositions={dispositions}
          products={props.offOrderProducts}
          onRemove={onRemove}
          photosOf={photosOf}
          onPhotos={onPhotos}
        />
      </Table>
      {lines.length === 0 && (
        <Text c="dimmed" size="sm" p="sm">
          <Trans>No line matches the filter.</Trans>
        </Text>
      )}
    </Paper>
  );
}
