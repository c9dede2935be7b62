// The entry form's Quantity: a text input for whole numbers, stepped by ArrowUp/ArrowDown. Mantine's
// NumberInput did the same through react-number-format, 9 kB gzip of the order panel (issue 13).
// A text input rather than type="number": that one also takes '-', '.' and 'e', changes with the
// mouse wheel and reports '' for what it cannot parse, so Save could not tell 0 from 'abc'.
import { TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { LIMITS } from '../../../contract/constants';
import { quantityText, steppedQuantity } from './quantity-keys';

export interface QuantityInputProps {
  label: string;
  value: number | string;
  error: string | null;
  onChange: (value: number | string) => void;
  /** Keys the input does not use itself (Enter saves the form). */
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}

const STEPS: Record<string, 1 | -1> = { ArrowUp: 1, ArrowDown: -1 };

export function QuantityInput({ label, value, error, onChange, onKeyDown }: QuantityInputProps) {
  const min = LIMITS.minLedgerQuantity;
  const max = LIMITS.maxEntryQuantity;
  const now = Number(value);
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = STEPS[event.key];
    if (step && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      onChange(steppedQuantity(value, step, min, max));
      return;
    }
    onKeyDown(event);
  };
  return (
    <TextInput
      size="xs"
      // A spin button to assistive technology: its arrows work as they say.
      role="spinbutton"
      aria-label={label}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={value !== '' && Number.isInteger(now) ? now : undefined}
      inputMode="numeric"
      autoComplete="off"
      // Room for a minus and one digit too many: Save says why they are refused (issue 28).
      maxLength={String(max).length + 2}
      value={String(value)}
      error={error}
      onChange={(e) => onChange(quantityText(e.currentTarget.value))}
      onKeyDown={keyDown}
    />
  );
}
