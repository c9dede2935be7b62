// One order line as one compact table row (thumbnail, SKU/UPC, name, colour | size, received/ordered,
// the entry form inline) with its ledger entries as rows beneath it (SPEC §2.7). The detail (form and
// ledgers) is open by default and folds with the row's chevron.
import { ActionIcon, Badge, Group, Table, Text } from '@mantine/core';
import { IconCamera, IconChevronDown, IconChevronRight, IconPackageOff, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { DispositionView } from '../../../contract/dispositions';
import type { LedgerEntry, OrderLine, ReasonOption } from '../../../contract/orders';
import { PhotoThumb } from '../../components/photos/PhotoThumb';
import { DiscrepancyBadge } from './DiscrepancyBadge';
import { LedgerEntryCells, type EntryValues } from './LedgerEntryForm';
import { ProductImage } from './ProductImage';
import { countTone, receivedCounts, TONE_STYLE } from './receiving-logic';
import classes from './receiving.module.css';

export interface OrderLineRowsProps {
  line: OrderLine;
  previous: LedgerEntry[];
  fresh: LedgerEntry[];
  reasons: ReasonOption[];
  dispositions: DispositionView[];
  /** Units of this line marked missing from the parcel in the draft (0: none). */
  missing: number;
  onMissing: (quantity: number) => void;
  imageUrls: string[];
  entry: EntryValues;
  /** The line a scan just hit: its row is marked for a moment. */
  flash: boolean;
  /** Restarts the mark when the same line is scanned again. */
  flashSeq: number;
  onEntryChange: (values: EntryValues) => void;
  onSave: (values: EntryValues & { quantity: number }) => void;
  onRemove: (id: LedgerEntry['id']) => void;
  /** Photos of a new entry (issue 16). */
  photosOf: (id: LedgerEntry['id']) => number[];
  /** Opens the photo dialog of a new entry. */
  onPhotos: (id: LedgerEntry['id']) => void;
}

/** Columns of the lines table; the ledger rows use the same ones so Qty sits under Qty. */
export const LINE_COLUMNS = 12;

/** The text of a disposition code among the customer's (the code when it is no longer one). */
export const dispositionLabel = (dispositions: DispositionView[], code: string | null) =>
  code ? (dispositions.find((d) => d.code === code)?.name ?? code) : '—';

export function OrderLineRows(props: OrderLineRowsProps) {
  const { line, reasons } = props;
  const [opened, setOpened] = useState(true);
  const counts = receivedCounts(line.id, props.previous, props.fresh);
  const tone = countTone(counts.total, line.quantity);
  const p = line.product;
  const ledgers = [...props.previous, ...props.fresh].filter((l) => l.order_line_id === line.id);
  const reasonLabel = (code: string) => reasons.find((r) => r.option_code === code)?.option_value ?? code;
  return (
    <Table.Tbody data-testid="order-line" data-line-id={line.id} data-sku={p.sku} data-upc={p.upc ?? undefined} className={classes.line}>
      <Table.Tr className={classes.lineRow} data-flash={props.flash ? props.flashSeq % 2 : undefined}>
        <Table.Td>
          <ActionIcon
            variant="subtle"
            size="sm"
            color="gray.7"
            aria-label={opened ? `Hide the detail of ${p.sku}` : `Show the detail of ${p.sku}`}
            aria-expanded={opened}
            onClick={() => setOpened((o) => !o)}
          >
            {opened ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        </Table.Td>
        <Table.Td>
          <ProductImage urls={props.imageUrls} alt={p.name_1} />
        </Table.Td>
        <Table.Td>
          <Text fz="xs" fw={600} lh={1.15} className={classes.code}>
            {p.sku}
          </Text>
          <Text fz="xs" lh={1.15} c="gray.7" className={classes.code}>
            {p.upc ?? '—'}
          </Text>
        </Table.Td>
        <Table.Td className={classes.nameCell}>
          <Text fz="sm" fw={500} lh={1.15} truncate title={p.name_1}>
            {p.name_1}
          </Text>
          <Text fz="xs" lh={1.15} c="gray.7" truncate>
            {[p.color ?? '—', p.size ?? '—'].join(' | ')}
          </Text>
        </Table.Td>
        <Table.Td ta="center">
          <Badge
            variant="outline"
            color={tone === 'equal' ? '#237032' : tone === 'above' ? 'red.9' : 'gray.7'}
            data-testid="received-count"
            data-tone={tone}
          >
            <Text span {...TONE_STYLE[tone]} fz="xs">
              {counts.total} / {line.quantity}
            </Text>
          </Badge>
        </Table.Td>
        {opened ? (
          <LedgerEntryCells
            lineLabel={p.sku}
            values={props.entry}
            reasons={reasons}
            dispositions={props.dispositions}
            onChange={props.onEntryChange}
            onSave={props.onSave}
            actions={
              <ActionIcon
                variant="subtle"
                color="orange.9"
                size="sm"
                aria-label={`Mark ${p.sku} missing from the parcel`}
                aria-pressed={props.missing > 0}
                disabled={props.missing > 0}
                onClick={() => props.onMissing(Math.max(1, line.quantity - counts.total))}
              >
                <IconPackageOff size={15} />
              </ActionIcon>
            }
          />
        ) : (
          <Table.Td colSpan={7}>
            <Text fz="xs" c="gray.7">
              {ledgers.length ? `${ledgers.length} ledger entr${ledgers.length === 1 ? 'y' : 'ies'} hidden` : 'Detail hidden'}
            </Text>
          </Table.Td>
        )}
      </Table.Tr>
      {opened &&
        ledgers.map((l) => (
          <Table.Tr key={String(l.id)} className={classes.ledgerRow} data-testid={l.return_id ? 'ledger-previous' : 'ledger-new'}>
            <Table.Td colSpan={2} ta="right">
              {!l.return_id && (
                <ActionIcon
                  variant={props.photosOf(l.id).length ? 'light' : 'subtle'}
                  size="sm"
                  color="gray.7"
                  aria-label={`Photos of ${l.quantity} × ${l.condition}, ${p.sku} (${props.photosOf(l.id).length})`}
                  onClick={() => props.onPhotos(l.id)}
                  data-testid="ledger-photos"
                >
                  <IconCamera size={15} />
                </ActionIcon>
              )}
            </Table.Td>
            <Table.Td colSpan={3}>
              <Group gap={4} wrap="nowrap">
                {l.return_id ? (
                  <Badge size="sm" variant="light" color="gray">
                    Previous Return #{l.return_id}
                  </Badge>
                ) : (
                  <Badge size="sm" variant="light" color="blue">
                    This Return
                  </Badge>
                )}
                {!l.return_id &&
                  props
                    .photosOf(l.id)
                    .slice(0, 4)
                    .map((id, i) => (
                      <PhotoThumb key={id} id={id} size={20} alt={`Photo ${i + 1} of ${p.sku}`} onOpen={() => props.onPhotos(l.id)} />
                    ))}
                {!l.return_id && props.photosOf(l.id).length > 4 && (
                  <Text fz="xs" c="gray.7">
                    +{props.photosOf(l.id).length - 4}
                  </Text>
                )}
              </Group>
            </Table.Td>
            <Table.Td fz="xs" fw={600} ta="right" pr="md">
              {l.quantity}
            </Table.Td>
            <Table.Td fz="xs">
              {l.condition}
              {l.discrepancy && <DiscrepancyBadge kind={l.discrepancy} ml={4} />}
            </Table.Td>
            <Table.Td fz="xs">{reasonLabel(l.reason)}</Table.Td>
            <Table.Td fz="xs" className={classes.comment}>
              {l.comment}
            </Table.Td>
            <Table.Td fz="xs" data-testid="ledger-disposition">
              {dispositionLabel(props.dispositions, l.disposition)}
            </Table.Td>
            <Table.Td fz="xs" className={classes.code} data-testid="ledger-location">
              {l.location}
            </Table.Td>
            <Table.Td>
              {!l.return_id && (
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  size="sm"
                  aria-label={`Remove ${l.quantity} × ${l.condition}, ${p.sku}`}
                  onClick={() => props.onRemove(l.id)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      {opened && props.missing > 0 && (
        <Table.Tr className={`${classes.ledgerRow} ${classes.discrepancyRow}`} data-testid="ledger-missing">
          <Table.Td colSpan={2} />
          <Table.Td colSpan={3}>
            <DiscrepancyBadge kind="MISSING" />
          </Table.Td>
          <Table.Td fz="xs" fw={600} ta="right" pr="md">
            {props.missing}
          </Table.Td>
          <Table.Td colSpan={5} fz="xs">
            Expected, confirmed not in the parcel
          </Table.Td>
          <Table.Td>
            <ActionIcon variant="subtle" color="red.8" size="sm" aria-label={`Not missing: ${p.sku}`} onClick={() => props.onMissing(0)}>
              <IconTrash size={14} />
            </ActionIcon>
          </Table.Td>
        </Table.Tr>
      )}
    </Table.Tbody>
  );
}
