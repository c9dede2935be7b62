// One order line as one compact table row (thumbnail, SKU/UPC, name, colour | size, received/ordered,
// the entry form inline) with its ledger entries as rows beneath it (SPEC §2.7). The detail (form and
// ledgers) is open by default and folds with the row's chevron.
// Issue 28 (speed at the scan): a row renders again only when its own line changes. It is memoised, its
// handlers take the line's id (the panel's are stable), and the entries of the order and the draft are
// compared by this line's entries only; a line the scan field's filter hides stays mounted, hidden, so
// clearing the filter after a scan mounts nothing.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Table } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPackageOff, IconTrash } from '@tabler/icons-react';
import { memo, useDeferredValue, useState } from 'react';
import type { CustomerSummary } from '../../../contract/common';
import type { DispositionView } from '../../../contract/dispositions';
import type { LedgerEntry, OrderLine, ReasonOption } from '../../../contract/orders';
import { DiscrepancyBadge } from './DiscrepancyBadge';
import { LedgerEntryCells, type EntryValues } from './LedgerEntryForm';
import { LedgerRow } from './LedgerRow';
import { ProductImage } from './ProductImage';
import { countTone, productImageUrls, receivedCounts } from './receiving-logic';
import classes from './receiving.module.css';

export interface OrderLineRowsProps {
  line: OrderLine;
  /** Not shown: the scan field's filter leaves other lines (the row stays mounted). */
  hidden: boolean;
  /** The order's saved entries and the draft's new ones, all lines' (a row compares its own only). */
  previous: LedgerEntry[];
  fresh: LedgerEntry[];
  reasons: ReasonOption[];
  dispositions: DispositionView[];
  /** Units of this line marked missing from the parcel in the draft (0: none). */
  missing: number;
  onMissing: (lineId: number, quantity: number) => void;
  /** The customer, whose image addresses show the product. */
  customer: CustomerSummary | undefined;
  entry: EntryValues;
  /** The line a scan just hit: its row is marked for a moment. */
  flash: boolean;
  /** Restarts the mark when the same line is scanned again (0 on every other line). */
  flashSeq: number;
  onEntryChange: (lineId: number, values: EntryValues) => void;
  onSave: (line: OrderLine, values: EntryValues & { quantity: number }) => void;
  onRemove: (id: LedgerEntry['id']) => void;
  /** Photos of the draft's new entries, by entry id (issue 16). */
  linePhotos: Record<string, number[]>;
  /** Opens the photo dialog of a new entry. */
  onPhotos: (id: LedgerEntry['id']) => void;
  /** Issue 27: the open inspection of one of this line's units (its steps, grade and serial). */
  inspection?: React.ReactNode;
  /** A long order's window of lines (WindowedLines.tsx): the line's place in it and how its height is read. */
  index?: number;
  measureRef?: (element: HTMLTableSectionElement | null) => void;
}

const NO_PHOTOS: number[] = [];

/** Whether two lists hold the same entries of this line, in the same order (the draft keeps an unchanged entry's object). */
function sameLineEntries(a: LedgerEntry[], b: LedgerEntry[], lineId: number): boolean {
  if (a === b) return true;
  const mine = (list: LedgerEntry[]) => list.filter((l) => l.order_line_id === lineId);
  const x = mine(a);
  const y = mine(b);
  return x.length === y.length && x.every((l, i) => l === y[i]);
}

/** React.memo's test: every prop the same, the entry lists by this line's entries. */
function sameRow<P extends Pick<OrderLineRowsProps, 'line' | 'previous' | 'fresh'>>(prev: P, next: P): boolean {
  for (const key of Object.keys(next) as (keyof P)[]) {
    if (key === 'previous' || key === 'fresh') {
      if (!sameLineEntries(prev[key] as LedgerEntry[], next[key] as LedgerEntry[], next.line.id)) return false;
    } else if (!Object.is(prev[key], next[key])) return false;
  }
  return Object.keys(prev).length === Object.keys(next).length;
}

/**
 * The line's table body. A filter that hides or shows the line renders this element only: its rows
 * (OrderLineContent, memoised the same way) are rendered again only when the line's own data changes.
 * A plain tbody: Mantine's Table.Tbody adds no style here, and 200 of them cost a scan's frame.
 */
export const OrderLineRows = memo(function OrderLineRows({ hidden, index, measureRef, ...props }: OrderLineRowsProps) {
  const { line } = props;
  const p = line.product;
  return (
    <tbody
      ref={measureRef}
      data-index={index}
      hidden={hidden}
      data-testid="order-line"
      data-line-id={line.id}
      data-sku={p.sku}
      data-upc={p.upc ?? undefined}
      className={classes.line}
    >
      <OrderLineContent {...props} />
    </tbody>
  );
}, sameRow);

/**
 * Columns of the lines table; ledger rows use the same ones so Qty sits under Qty: detail, image,
 * SKU/UPC, name, received, quantity, condition, reason, comment, disposition/bin, actions.
 */
export const LINE_COLUMNS = 11;

const OrderLineContent = memo(function OrderLineContent(props: Omit<OrderLineRowsProps, 'hidden'>) {
  const { line, reasons } = props;
  const { t } = useLingui();
  const [opened, setOpened] = useState(true);
  // A row that comes into the page (a long order's window, scrolled to a scanned line) shows its line and
  // count at once; its entry form, most of a row's cost, follows in a render that waits for that frame.
  const formReady = useDeferredValue(true, false);
  const counts = receivedCounts(line.id, props.previous, props.fresh);
  const tone = countTone(counts.total, line.quantity);
  const p = line.product;
  const ledgers = [...props.previous, ...props.fresh].filter((l) => l.order_line_id === line.id);
  const reasonLabel = (code: string) => reasons.find((r) => r.option_code === code)?.option_value ?? code;
  const colourSize = [p.color ?? '—', p.size ?? '—'].join(' | ');
  const sku = p.sku;
  const hidden = ledgers.length;
  const photosOf = (id: LedgerEntry['id']) => props.linePhotos[String(id)] ?? NO_PHOTOS;
  return (
    <>
      <tr className={classes.lineRow} data-flash={props.flash ? props.flashSeq % 2 : undefined}>
        <td>
          <button
            type="button"
            className={classes.rowIcon}
            aria-label={opened ? t`Hide the detail of ${sku}` : t`Show the detail of ${sku}`}
            aria-expanded={opened}
            onClick={() => setOpened((o) => !o)}
          >
            {opened ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </button>
        </td>
        <td>
          <ProductImage urls={productImageUrls(props.customer, p.sku)} alt={p.name_1} />
        </td>
        <td>
          <div className={`${classes.code} ${classes.skuText}`} title={p.sku}>
            {p.sku}
          </div>
          <div className={`${classes.code} ${classes.subText}`} title={p.upc ?? undefined}>
            {p.upc ?? '—'}
          </div>
        </td>
        <td className={classes.nameCell}>
          <div className={`${classes.truncate} ${classes.nameText}`} title={p.name_1}>
            {p.name_1}
          </div>
          <div className={`${classes.truncate} ${classes.subText}`} title={colourSize}>
            {colourSize}
          </div>
        </td>
        <td className={classes.countCell}>
          <span className={classes.count} data-testid="received-count" data-tone={tone}>
            {counts.total} / {line.quantity}
          </span>
        </td>
        {opened && !formReady ? (
          <td colSpan={LINE_COLUMNS - 5} />
        ) : opened ? (
          <LedgerEntryCells
            lineLabel={p.sku}
            values={props.entry}
            reasons={reasons}
            dispositions={props.dispositions}
            onChange={(values) => props.onEntryChange(line.id, values)}
            onSave={(values) => props.onSave(line, values)}
            actions={
              // The browser's tooltip (title), not Mantine's: the same words without 3 kB gzip (issue 13).
              <ActionIcon
                variant="subtle"
                color="orange"
                size="sm"
                aria-label={t`Mark ${sku} missing from the parcel`}
                title={t`Missing from the parcel`}
                aria-pressed={props.missing > 0}
                disabled={props.missing > 0}
                onClick={() => props.onMissing(line.id, Math.max(1, line.quantity - counts.total))}
              >
                <IconPackageOff size={15} />
              </ActionIcon>
            }
          />
        ) : (
          <td colSpan={LINE_COLUMNS - 5}>
            <div className={classes.subText}>
              {hidden ? t`${plural(hidden, { one: '# ledger entry hidden', other: '# ledger entries hidden' })}` : t`Detail hidden`}
            </div>
          </td>
        )}
      </tr>
      {props.inspection && (
        <Table.Tr className={classes.inspectionRow}>
          <Table.Td colSpan={LINE_COLUMNS}>{props.inspection}</Table.Td>
        </Table.Tr>
      )}
      {opened &&
        ledgers.map((l) => (
          <LedgerRow
            key={String(l.id)}
            entry={l}
            sku={p.sku}
            reasonLabel={reasonLabel}
            dispositions={props.dispositions}
            photos={photosOf(l.id)}
            onPhotos={() => props.onPhotos(l.id)}
            onRemove={() => props.onRemove(l.id)}
          />
        ))}
      {opened && props.missing > 0 && (
        <Table.Tr className={`${classes.ledgerRow} ${classes.discrepancyRow} ${classes.missingRow}`} data-testid="ledger-missing">
          <Table.Td colSpan={2} />
          <Table.Td colSpan={3}>
            <DiscrepancyBadge kind="MISSING" />
          </Table.Td>
          <Table.Td fz="xs" fw={600} ta="right" pr="md">
            {props.missing}
          </Table.Td>
          <Table.Td colSpan={4} fz="xs">
            <Trans>Expected, confirmed not in the parcel</Trans>
          </Table.Td>
          <Table.Td>
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={t`Not missing: ${sku}`}
              onClick={() => props.onMissing(line.id, 0)}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}, sameRow);
