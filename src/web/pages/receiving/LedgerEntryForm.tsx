// The entry form of one order line laid out as table cells of its row: Quantity, Condition, Reason,
// Comment, Save (SPEC §2.7). Enter in Quantity or Comment saves, as Save does.
import { Button, NumberInput, Select, Table, TextInput } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import { DEFAULT_CONDITION, LEDGER_CONDITIONS, LIMITS } from '../../../contract/constants';
import { MSG } from '../../../contract/messages';
import type { ReasonOption } from '../../../contract/orders';

export interface EntryValues {
  quantity: number | string;
  condition: string;
  reason: string;
  comment: string;
}

/** The reset values of SPEC §4: quantity 1, Reconditioning, the first reason, empty comment. */
export const defaultEntry = (reasons: ReasonOption[]): EntryValues => ({
  quantity: 1,
  condition: DEFAULT_CONDITION,
  reason: reasons[0]?.option_code ?? '',
  comment: '',
});

export interface LedgerEntryCellsProps {
  lineLabel: string;
  values: EntryValues;
  reasons: ReasonOption[];
  onChange: (values: EntryValues) => void;
  onSave: (values: EntryValues & { quantity: number }) => void;
}

export function LedgerEntryCells({ lineLabel, values, reasons, onChange, onSave }: LedgerEntryCellsProps) {
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<EntryValues>) => onChange({ ...values, ...patch });
  const submit = () => {
    const quantity = Number(values.quantity);
    if (values.quantity === '' || !Number.isInteger(quantity) || quantity < LIMITS.minLedgerQuantity) {
      setError(MSG.quantityRequired);
      return;
    }
    if (!values.reason || !values.condition) return;
    setError(null);
    onSave({ ...values, quantity });
  };
  const enterSaves = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || e.altKey) return;
    e.preventDefault();
    submit();
  };
  return (
    <>
      <Table.Td>
        <NumberInput
          size="xs"
          aria-label={`Quantity, ${lineLabel}`}
          min={LIMITS.minLedgerQuantity}
          max={LIMITS.maxLedgerQuantity}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          hideControls
          value={values.quantity}
          error={error}
          onChange={(v) => set({ quantity: v })}
          onKeyDown={enterSaves}
        />
      </Table.Td>
      <Table.Td>
        <Select
          size="xs"
          aria-label={`Condition, ${lineLabel}`}
          data={[...LEDGER_CONDITIONS]}
          value={values.condition}
          allowDeselect={false}
          onChange={(v) => v && set({ condition: v })}
        />
      </Table.Td>
      <Table.Td>
        <Select
          size="xs"
          aria-label={`Reason, ${lineLabel}`}
          data={reasons.map((r) => ({ value: r.option_code, label: r.option_value }))}
          value={values.reason || null}
          allowDeselect={false}
          error={reasons.length === 0 ? 'This customer has no reasons' : undefined}
          onChange={(v) => v && set({ reason: v })}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label={`Comment, ${lineLabel}`}
          maxLength={500}
          value={values.comment}
          onChange={(e) => set({ comment: e.currentTarget.value })}
          onKeyDown={enterSaves}
        />
      </Table.Td>
      <Table.Td>
        <Button size="xs" px="xs" onClick={submit} disabled={reasons.length === 0} aria-label={`Save ${lineLabel}`}>
          Save
        </Button>
      </Table.Td>
    </>
  );
}
