// The lines of the Correct dialog (issue 11): quantity, condition, reason, disposition, bin and comment
// of each line, as at receiving (issue 16: a condition change moves a default disposition along, a bin
// only for a disposition that needs one). Wrong and extra items say so; they keep their kind.
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, NumberInput, Select, Table, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LEDGER_CONDITIONS, LIMITS } from '../../../contract/constants';
import type { DispositionView } from '../../../contract/dispositions';
import type { ReasonOption } from '../../../contract/orders';
import { dispositionOptions, withCondition } from '../receiving/LedgerEntryForm';
import { CONDITION_LABEL, DISCREPANCY_LABEL, labelOf } from '../history/labels';
import { binRule, type CorrectionLineValues, type CorrectionValues } from './correction-form';
import { EditableLinesTable, RemoveLineCell } from './correction-table';

/** Choices plus the line's own value when it is no longer one of the customer's (it stays selectable there). */
const withOwn = (data: { value: string; label: string }[], own: string) =>
  !own || data.some((o) => o.value === own) ? data : [...data, { value: own, label: own }];

export function CorrectionLinesTable({
  form,
  reasons,
  dispositions,
}: {
  form: UseFormReturnType<CorrectionValues>;
  reasons: ReasonOption[];
  dispositions: DispositionView[];
}) {
  const { t } = useLingui();
  const conditionData = LEDGER_CONDITIONS.map((c) => ({ value: c, label: t(CONDITION_LABEL[c]!) }));
  const reasonData = reasons.map((o) => ({ value: o.option_code, label: o.option_value || o.option_code }));
  const set = (i: number, patch: Partial<CorrectionLineValues>) =>
    form.setFieldValue(`lines.${i}`, { ...form.getValues().lines[i]!, ...patch });
  const binFor = binRule(dispositions);

  return (
    <EditableLinesTable
      testId="correction-lines"
      headers={
        <>
          <Table.Th>
            <Trans>Product</Trans>
          </Table.Th>
          <Table.Th w={96}>
            <Trans>Quantity</Trans>
          </Table.Th>
          <Table.Th w={150}>
            <Trans>Condition</Trans>
          </Table.Th>
          <Table.Th w={180}>
            <Trans>Reason</Trans>
          </Table.Th>
          <Table.Th w={150}>
            <Trans>Disposition</Trans>
          </Table.Th>
          <Table.Th w={110}>
            <Trans>Bin</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>Comment</Trans>
          </Table.Th>
        </>
      }
    >
      {form.values.lines.map((l, i) => {
        const sku = l.sku;
        return (
          <Table.Tr key={l.key} data-testid="correction-line" data-sku={l.sku}>
            <Table.Td>
              <Text size="sm" fw={600}>
                {l.sku}
                {l.id === undefined && (
                  <Text span size="xs" c="teal.9" fw={600} ml={6}>
                    <Trans>new</Trans>
                  </Text>
                )}
              </Text>
              <Text size="xs" c="dimmed">
                {l.name}
              </Text>
              {l.discrepancy && (
                <Badge size="xs" color="orange" variant="light" data-testid="correction-line-discrepancy">
                  {labelOf(DISCREPANCY_LABEL, l.discrepancy, (d) => t(d))}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <NumberInput
                size="xs"
                aria-label={t`Quantity of ${sku}`}
                min={1}
                max={LIMITS.maxLedgerQuantity}
                allowDecimal={false}
                {...form.getInputProps(`lines.${i}.quantity`)}
              />
            </Table.Td>
            <Table.Td>
              <Select
                size="xs"
                aria-label={t`Condition of ${sku}`}
                data={conditionData}
                allowDeselect={false}
                {...form.getInputProps(`lines.${i}.condition`)}
                onChange={(v) => {
                  if (!v) return;
                  const next = withCondition({ ...l }, v, dispositions);
                  set(i, { condition: v, disposition: next.disposition, location: next.location });
                }}
              />
            </Table.Td>
            <Table.Td>
              <Select
                size="xs"
                aria-label={t`Reason of ${sku}`}
                data={withOwn(reasonData, l.reason)}
                allowDeselect={false}
                {...form.getInputProps(`lines.${i}.reason`)}
              />
            </Table.Td>
            <Table.Td>
              <Select
                size="xs"
                aria-label={t`Disposition of ${sku}`}
                data={withOwn(dispositionOptions(dispositions), l.disposition)}
                allowDeselect={false}
                {...form.getInputProps(`lines.${i}.disposition`)}
                onChange={(v) => set(i, { disposition: v ?? '', location: binFor(v ?? '') ? l.location : '' })}
              />
            </Table.Td>
            <Table.Td>
              <TextInput
                size="xs"
                aria-label={t`Bin of ${sku}`}
                placeholder={binFor(l.disposition) ? t`scan bin` : ''}
                disabled={!binFor(l.disposition)}
                maxLength={100}
                {...form.getInputProps(`lines.${i}.location`)}
              />
            </Table.Td>
            <Table.Td>
              <TextInput size="xs" aria-label={t`Comment of ${sku}`} maxLength={500} {...form.getInputProps(`lines.${i}.comment`)} />
            </Table.Td>
            <RemoveLineCell label={t`Remove ${sku}`} onRemove={() => form.removeListItem('lines', i)} />
          </Table.Tr>
        );
      })}
    </EditableLinesTable>
  );
}
