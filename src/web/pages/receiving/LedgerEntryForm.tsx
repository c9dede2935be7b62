import { Button, Group, NumberInput, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
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

export interface LedgerEntryFormProps {
  lineLabel: string;
  values: EntryValues;
  reasons: ReasonOption[];
  onChange: (values: EntryValues) => void;
  onSave: (values: EntryValues & { quantity: number }) => void;
}

/** Quantity, Condition, Reason, Comment and Save for one order line; Enter in any field saves. */
export function LedgerEntryForm({ lineLabel, values, reasons, onChange, onSave }: LedgerEntryFormProps) {
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
  return (
    <form
      aria-label={`Receive ${lineLabel}`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Group align="flex-start" gap="xs" wrap="wrap">
        <NumberInput
          label="Quantity"
          w={90}
          min={LIMITS.minLedgerQuantity}
          max={LIMITS.maxLedgerQuantity}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={values.quantity}
          error={error}
          onChange={(v) => set({ quantity: v })}
        />
        <Select
          label="Condition"
          w={150}
          data={[...LEDGER_CONDITIONS]}
          value={values.condition}
          allowDeselect={false}
          onChange={(v) => v && set({ condition: v })}
        />
        <Select
          label="Reason"
          w={190}
          data={reasons.map((r) => ({ value: r.option_code, label: r.option_value }))}
          value={values.reason || null}
          allowDeselect={false}
          error={reasons.length === 0 ? 'This customer has no reasons' : undefined}
          onChange={(v) => v && set({ reason: v })}
        />
        <TextInput
          label="Comment"
          w={200}
          maxLength={500}
          value={values.comment}
          onChange={(e) => set({ comment: e.currentTarget.value })}
        />
        <Button type="submit" mt={25} disabled={reasons.length === 0}>
          Save
        </Button>
      </Group>
    </form>
  );
}
