// The order lines missing from the parcel, in the Correct dialog of an order-based return (issue 16):
// change how many units were missing, take a line off the list, or mark another order line missing.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { OrderLine } from '../../../contract/orders';
import type { CorrectionValues, MissingLineValues } from './correction-form';
import { EditableLinesTable, OrderLinePicker, RemoveLineCell } from './correction-table';

export function CorrectionMissingLines({ form, orderLines }: { form: UseFormReturnType<CorrectionValues>; orderLines: OrderLine[] }) {
  const { t } = useLingui();
  const [adding, setAdding] = useState<string | null>(null);
  const listed = new Set(form.values.missing_lines.map((m) => m.order_line_id));
  const ordered = (orderLineId: number) => orderLines.find((l) => l.id === orderLineId)?.quantity;
  const choices = orderLines
    .filter((l) => !listed.has(l.id))
    .map((l) => {
      const [sku, name, ordered] = [l.product.sku, l.product.name_1, l.quantity];
      return { value: String(l.id), label: t`${sku} · ${name} (ordered ${ordered})` };
    });
  const add = () => {
    const line = orderLines.find((l) => String(l.id) === adding);
    if (!line) return;
    form.insertListItem('missing_lines', {
      key: `m-new-${line.id}`,
      order_line_id: line.id,
      sku: line.product.sku,
      name: line.product.name_1,
      ordered: line.quantity,
      quantity: 1,
    } satisfies MissingLineValues);
    setAdding(null);
  };

  return (
    <Stack gap={6} data-testid="correction-missing">
      <Title order={3} size="h6">
        <Trans>Missing from the parcel</Trans>
      </Title>
      {form.values.missing_lines.length > 0 ? (
        <EditableLinesTable
          testId="correction-missing-lines"
          headers={
            <>
              <Table.Th>
                <Trans>Order line</Trans>
              </Table.Th>
              <Table.Th w={140}>
                <Trans>Units missing</Trans>
              </Table.Th>
            </>
          }
        >
          {form.values.missing_lines.map((m, i) => {
            const sku = m.sku;
            return (
              <Table.Tr key={m.key} data-testid="correction-missing-line" data-sku={m.sku}>
                <Table.Td>
                  <Text size="sm" fw={600} span>
                    {m.sku}
                  </Text>{' '}
                  <Text size="xs" c="dimmed" span>
                    {m.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    size="xs"
                    aria-label={t`Units of ${sku} missing`}
                    min={1}
                    max={m.ordered ?? ordered(m.order_line_id)}
                    allowDecimal={false}
                    {...form.getInputProps(`missing_lines.${i}.quantity`)}
                  />
                </Table.Td>
                <RemoveLineCell label={t`Not missing: ${sku}`} onRemove={() => form.removeListItem('missing_lines', i)} />
              </Table.Tr>
            );
          })}
        </EditableLinesTable>
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>No order line is marked missing.</Trans>
        </Text>
      )}
      <OrderLinePicker
        label={t`Mark an order line missing`}
        placeholder={t`Pick an order line`}
        choices={choices}
        value={adding}
        onChange={setAdding}
        onAdd={add}
        action={t`Mark missing`}
      />
    </Stack>
  );
}
