// The entry form of one order line laid out as table cells of its row: Quantity, Condition, Reason,
// Comment, Disposition with its Bin beneath it when the disposition needs one, Save (SPEC §2.7, issue 16).
// Enter in Quantity, Comment or Bin saves, as Save does; ArrowUp/ArrowDown step the Quantity. The selects show their whole text: a narrow
// chevron and, on hover, the full value for a reason longer than its column.
import { i18n as activeI18n, type I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, NativeSelect, Table, TextInput } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import classes from './receiving.module.css';
import { DEFAULT_CONDITION } from '../../../contract/constants';
import { MSG, QUANTITY_MSG } from '../../../contract/messages';
import { messageText } from '../../i18n/server-text';
import { conditionLabel, conditionOptions } from './labels';
import { defaultDisposition, DISPOSITION_MSG } from '../../../contract/disposition-rules';
import type { DispositionView } from '../../../contract/dispositions';
import type { OrderLine, ReasonOption } from '../../../contract/orders';
import type { NewLedger } from './draft-reducer';
import { QuantityInput } from './QuantityInput';
import { quantityProblem, type QuantityProblem } from './quantity-keys';

/** The server's own message for a refused quantity, in the reader's language. */
export function quantityMessage(problem: QuantityProblem): string {
  if (problem === 'negative') return messageText('quantity.negative', QUANTITY_MSG.negative);
  if (problem === 'tooLarge') return messageText('quantity.tooLarge', QUANTITY_MSG.tooLarge);
  return messageText('auth.quantityRequired', MSG.quantityRequired);
}

export interface EntryValues {
  quantity: number | string;
  condition: string;
  reason: string;
  comment: string;
  /** The customer's disposition code; '' for none (issue 16). */
  disposition: string;
  /** The bin of a disposition that needs one. */
  location: string;
}

/**
 * The reset values of SPEC §4: quantity 1, Reconditioning, the first reason, empty comment — and the
 * customer's default disposition of that condition, no bin.
 */
export const defaultEntry = (reasons: ReasonOption[], dispositions: DispositionView[] = []): EntryValues => ({
  quantity: 1,
  condition: DEFAULT_CONDITION,
  reason: reasons[0]?.option_code ?? '',
  comment: '',
  disposition: defaultDisposition(dispositions, DEFAULT_CONDITION) ?? '',
  location: '',
});

/** Whether this disposition code needs a bin. */
export const needsBin = (dispositions: DispositionView[], code: string | null | undefined) =>
  !!code && !!dispositions.find((d) => d.code === code)?.requires_location;

/** The draft's new entry for a line from the saved form: the bin only with a disposition that needs one. */
export const ledgerOfEntry = (
  line: Pick<OrderLine, 'id' | 'product_id'>,
  values: EntryValues & { quantity: number },
  dispositions: DispositionView[],
): NewLedger => ({
  order_line_id: line.id,
  product_id: line.product_id,
  quantity: values.quantity,
  condition: values.condition,
  reason: values.reason,
  comment: values.comment,
  disposition: values.disposition || null,
  location: needsBin(dispositions, values.disposition) ? values.location.trim() : null,
});

/** A condition change moves the disposition along when it was the old condition's default. */
export function withCondition(values: EntryValues, condition: string, dispositions: DispositionView[]): EntryValues {
  const wasDefault = values.disposition === (defaultDisposition(dispositions, values.condition) ?? '');
  const disposition = wasDefault ? (defaultDisposition(dispositions, condition) ?? '') : values.disposition;
  return { ...values, condition, disposition, location: needsBin(dispositions, disposition) ? values.location : '' };
}

const NO_DISPOSITION = msg`— none —`;

/** The disposition choices: none, then the customer's (their names are the customer's own words). */
export const dispositionOptions = (dispositions: DispositionView[], i18n: I18n = activeI18n) => [
  { value: '', label: i18n._(NO_DISPOSITION) },
  ...dispositions.map((d) => ({ value: d.code, label: d.name })),
];

/**
 * A select of the line row: xs, a narrow chevron, its value on hover. The browser's own select, not
 * Mantine's combobox: a long order mounts a screenful of rows at each jump of a scan, and three
 * comboboxes a row (each with its popover and positioning) made that mount the scan's slowest part
 * (issue 28); a handheld opens its own picker for it, and the keyboard chooses by typing or arrows.
 */
const compact = (value: string | undefined) => ({
  size: 'xs' as const,
  rightSectionWidth: 20,
  classNames: { input: classes.compactInput },
  title: value,
});

export interface LedgerEntryCellsProps {
  lineLabel: string;
  values: EntryValues;
  reasons: ReasonOption[];
  dispositions: DispositionView[];
  onChange: (values: EntryValues) => void;
  onSave: (values: EntryValues & { quantity: number }) => void;
  /** Extra controls in the last cell, after Save (the line's Missing action). */
  actions?: React.ReactNode;
}

export function LedgerEntryCells({ lineLabel: sku, values, reasons, dispositions, onChange, onSave, actions }: LedgerEntryCellsProps) {
  const { t, i18n } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const [binError, setBinError] = useState<string | null>(null);
  const set = (patch: Partial<EntryValues>) => onChange({ ...values, ...patch });
  const binNeeded = needsBin(dispositions, values.disposition);
  const submit = () => {
    const problem = quantityProblem(values.quantity);
    if (problem) {
      setError(quantityMessage(problem));
      return;
    }
    const quantity = Number(values.quantity);
    setError(null);
    if (binNeeded && !values.location.trim()) {
      setBinError(messageText('disposition.locationRequired', DISPOSITION_MSG.locationRequired));
      return;
    }
    setBinError(null);
    if (!values.reason || !values.condition) return;
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
        <QuantityInput
          label={t`Quantity, ${sku}`}
          value={values.quantity}
          error={error}
          onChange={(quantity) => set({ quantity })}
          onKeyDown={enterSaves}
        />
      </Table.Td>
      <Table.Td>
        <NativeSelect
          {...compact(conditionLabel(i18n, values.condition))}
          aria-label={t`Condition, ${sku}`}
          data={conditionOptions(i18n)}
          value={values.condition}
          onChange={(e) => onChange(withCondition(values, e.currentTarget.value, dispositions))}
        />
      </Table.Td>
      <Table.Td>
        <NativeSelect
          {...compact(reasons.find((r) => r.option_code === values.reason)?.option_value)}
          aria-label={t`Reason, ${sku}`}
          data={reasons.map((r) => ({ value: r.option_code, label: r.option_value }))}
          value={values.reason}
          error={reasons.length === 0 ? t`This customer has no reasons` : undefined}
          onChange={(e) => set({ reason: e.currentTarget.value })}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label={t`Comment, ${sku}`}
          maxLength={500}
          value={values.comment}
          onChange={(e) => set({ comment: e.currentTarget.value })}
          onKeyDown={enterSaves}
        />
      </Table.Td>
      <Table.Td>
        <NativeSelect
          {...compact(dispositions.find((d) => d.code === values.disposition)?.name)}
          aria-label={t`Disposition, ${sku}`}
          data={dispositionOptions(dispositions, i18n)}
          value={values.disposition}
          disabled={dispositions.length === 0}
          onChange={(e) => {
            const code = e.currentTarget.value;
            setBinError(null);
            set({ disposition: code, location: needsBin(dispositions, code) ? values.location : '' });
          }}
        />
        {/* Only a disposition that needs a bin asks for one: the row grows a second line just then. */}
        {binNeeded && (
          <TextInput
            size="xs"
            mt={2}
            aria-label={t`Bin, ${sku}`}
            placeholder={t`scan bin`}
            maxLength={100}
            value={values.location}
            error={binError}
            onChange={(e) => set({ location: e.currentTarget.value })}
            onKeyDown={enterSaves}
          />
        )}
      </Table.Td>
      <Table.Td>
        <span className={classes.saveCell}>
          <Button size="xs" px="xs" onClick={submit} disabled={reasons.length === 0} aria-label={t`Save ${sku}`}>
            <Trans>Save</Trans>
          </Button>
          {actions}
        </span>
      </Table.Td>
    </>
  );
}
