import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { CustomerSummary } from '../../../contract/common';
import type { LedgerEntry } from '../../../contract/orders';
import type { CreatedReturn } from '../../../contract/returns';
import { api } from '../../api/client';
import { tempId, today } from '../../lib/format';
import type { ReceivingAction, ReceivingState } from './draft-reducer';
import { defaultEntry, type EntryValues } from './LedgerEntryForm';
import { LineFilter, type ScanOutcome } from './LineFilter';
import { OrderInfo } from './OrderInfo';
import { OrderLineCard } from './OrderLineCard';
import { filterLines, lineForCode, productImageUrls, summaryRows } from './receiving-logic';
import { ReturnOptions } from './ReturnOptions';
import { SummaryModal } from './SummaryModal';

export interface OrderPanelProps {
  state: ReceivingState & { order: NonNullable<ReceivingState['order']>; draft: NonNullable<ReceivingState['draft']> };
  customer: CustomerSummary | undefined;
  dispatch: (action: ReceivingAction) => void;
}

/** The selected order and its active return (SPEC §2.7 order panel). */
export function OrderPanel({ state, customer, dispatch }: OrderPanelProps) {
  const { order, draft } = state;
  const [filter, setFilter] = useState('');
  const [entries, setEntries] = useState<Record<number, EntryValues>>({});
  const [summaryOpen, setSummaryOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const entryOf = (lineId: number) => entries[lineId] ?? defaultEntry(order.reasons);

  const add = (lineId: number, productId: number, values: EntryValues & { quantity: number }) => {
    dispatch({
      type: 'add',
      id: tempId(),
      ledger: {
        order_line_id: lineId,
        product_id: productId,
        quantity: values.quantity,
        condition: values.condition,
        reason: values.reason,
        comment: values.comment,
      },
    });
  };

  const scan = (code: string): ScanOutcome | null => {
    if (!code.trim()) return null;
    const line = lineForCode(order.order_lines, code);
    if (!line) return { ok: false, text: `No line of this order has UPC or SKU “${code.trim()}”.` };
    const entry = entryOf(line.id);
    if (!entry.reason) return { ok: false, text: 'This customer has no return reasons; ask an administrator to add one.' };
    add(line.id, line.product_id, { ...entry, quantity: 1, comment: '' });
    return { ok: true, text: `Added 1 × ${line.product.sku} (${entry.condition}).` };
  };

  const confirm = async () => {
    if (draft.return_ledgers.length === 0 || submitting) return;
    setSubmitting(true);
    const res = await api.post<CreatedReturn>('/returns', draft);
    setSubmitting(false);
    if (res.code !== 200) return;
    dispatch({ type: 'submitted', saved: res.message, draftId: tempId(), today: today() });
    setEntries({});
    setSummaryOpen(false);
  };

  const lines = filterLines(order.order_lines, filter);
  const remove = (id: LedgerEntry['id']) => dispatch({ type: 'remove', id });
  return (
    <Stack gap="sm" component="section" aria-label="Order">
      <OrderInfo order={order} />
      <ReturnOptions draft={draft} onField={(field, value) => dispatch({ type: 'field', field, value })} />
      <LineFilter value={filter} onChange={setFilter} onScan={scan} />
      {lines.length === 0 && (
        <Text c="dimmed" size="sm">
          No line matches the filter.
        </Text>
      )}
      {lines.map((line) => (
        <OrderLineCard
          key={line.id}
          line={line}
          previous={order.ledgers}
          fresh={draft.return_ledgers}
          reasons={order.reasons}
          imageUrls={productImageUrls(customer, line.product.sku)}
          entry={entryOf(line.id)}
          onEntryChange={(values) => setEntries((e) => ({ ...e, [line.id]: values }))}
          onSave={(values) => {
            add(line.id, line.product_id, values);
            setEntries((e) => ({ ...e, [line.id]: defaultEntry(order.reasons) }));
          }}
          onRemove={remove}
        />
      ))}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => dispatch({ type: 'close' })}>
          Close
        </Button>
        <Button onClick={() => setSummaryOpen(true)}>Submit</Button>
      </Group>
      <SummaryModal
        opened={summaryOpen}
        rows={summaryRows(order.order_lines, order.ledgers, draft.return_ledgers)}
        ledgerCount={draft.return_ledgers.length}
        submitting={submitting}
        onClose={() => setSummaryOpen(false)}
        onConfirm={() => void confirm()}
      />
    </Stack>
  );
}
