// The lines of the Correct dialog (issue 11): quantity, condition, reason, disposition, bin and comment
// of each line, as at receiving (issue 16: a condition change moves a default disposition along, a bin
// only for a disposition that needs one). Wrong and extra items say so; they keep their kind.
import { Badge, NumberInput, Select, Table, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LEDGER_CONDITIONS, LIMITS } from '../../../contract/constants';
import { DISCREPANCY_LABELS } from '../../../contract/disposition-rules';
import type { DispositionView } from '../../../contract/dispositions';
import type { ReasonOption } from '../../../contract/orders';
import { dispositionOptions, withCondition } from '../receiving/LedgerEntryForm';
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
  const reasonData = reasons.map((o) => ({ value: o.option_code, label: o.option_value || o.option_code }));
  const set = (i: number, patch: Partial<CorrectionLineValues>) =>
    form.setFieldValue(`lines.${i}`, { ...form.getValues().lines[i]!, ...patch });
  const binFor = binRule(dispositions);

  return (
    <EditableLinesTable
      testId="correction-lines"
      headers={
        <>
          <Table.Th>Product</Table.Th>
          <Table.Th w={96}>Quantity</Table.Th>
          <Table.Th w={150}>Condition</Table.Th>
          <Table.Th w={180}>Reason</Table.Th>
          <Table.Th w={150}>Disposition</Table.Th>
          <Table.Th w={110}>Bin</Table.Th>
          <Table.Th>Comment</Table.Th>
        </>
      }
    >
      {form.values.lines.map((l, i) => (
        <Table.Tr key={l.key} data-testid="correction-line" data-sku={l.sku}>
          <Table.Td>
            <Text size="sm" fw={600}>
              {l.sku}
              {l.id === undefined && (
                <Text span size="xs" c="teal.9" fw={600} ml={6}>
                  new
                </Text>
              )}
            </Text>
            <Text size="xs" c="dimmed">
              {l.name}
            </Text>
            {l.discrepancy && (
              <Badge size="xs" color="orange" variant="light" data-testid="correction-line-discrepancy">
                {DISCREPANCY_LABELS[l.discrepancy as keyof typeof DISCREPANCY_LABELS] ?? l.discrepancy}
              </Badge>
            )}
          </Table.Td>
          <Table.Td>
            <NumberInput
              size="xs"
              aria-label={`Quantity of ${l.sku}`}
              min={1}
              max={LIMITS.maxLedgerQuantity}
              allowDecimal={false}
              {...form.getInputProps(`lines.${i}.quantity`)}
            />
          </Table.Td>
          <Table.Td>
            <Select
              size="xs"
              aria-label={`Condition of ${l.sku}`}
              data={[...LEDGER_CONDITIONS]}
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
              aria-label={`Reason of ${l.sku}`}
              data={withOwn(reasonData, l.reason)}
              allowDeselect={false}
              {...form.getInputProps(`lines.${i}.reason`)}
            />
          </Table.Td>
          <Table.Td>
            <Select
              size="xs"
              aria-label={`Disposition of ${l.sku}`}
              data={withOwn(dispositionOptions(dispositions), l.disposition)}
              allowDeselect={false}
              {...form.getInputProps(`lines.${i}.disposition`)}
              onChange={(v) => set(i, { disposition: v ?? '', location: binFor(v ?? '') ? l.location : '' })}
            />
          </Table.Td>
          <Table.Td>
            <TextInput
              size="xs"
              aria-label={`Bin of ${l.sku}`}
              placeholder={binFor(l.disposition) ? 'scan bin' : ''}
              disabled={!binFor(l.disposition)}
              maxLength={100}
              {...form.getInputProps(`lines.${i}.location`)}
            />
          </Table.Td>
          <Table.Td>
            <TextInput size="xs" aria-label={`Comment of ${l.sku}`} maxLength={500} {...form.getInputProps(`lines.${i}.comment`)} />
          </Table.Td>
          <RemoveLineCell label={`Remove ${l.sku}`} onRemove={() => form.removeListItem('lines', i)} />
        </Table.Tr>
      ))}
    </EditableLinesTable>
  );
}
