// The order lines missing from the parcel, in the Correct dialog of an order-based return (issue 16):
// change how many units were missing, take a line off the list, or mark another order line missing.
import { useState } from 'react';
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { OrderLine } from '../../../contract/orders';
import type { CorrectionValues, MissingLineValues } from './correction-form';

export function CorrectionMissingLines({ form, orderLines }: { form: UseFormReturnType<CorrectionValues>; orderLines: OrderLine[] }) {
  const [adding, setAdding] = useState<string | null>(null);
  const listed = new Set(form.values.missing_lines.map((m) => m.order_line_id));
  const ordered = (orderLineId: number) => orderLines.find((l) => l.id === orderLineId)?.quantity;
  const choices = orderLines
    .filter((l) => !listed.has(l.id))
    .map((l) => ({ value: String(l.id), label: `${l.product.sku} · ${l.product.name_1} (ordered ${l.quantity})` }));
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
        Missing from the parcel
      </Title>
      {form.values.missing_lines.length > 0 ? (
        <Table withTableBorder verticalSpacing={4} data-testid="correction-missing-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order line</Table.Th>
              <Table.Th w={140}>Units missing</Table.Th>
              <Table.Th w={44}>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.values.missing_lines.map((m, i) => (
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
                    aria-label={`Units of ${m.sku} missing`}
                    min={1}
                    max={m.ordered ?? ordered(m.order_line_id)}
                    allowDecimal={false}
                    {...form.getInputProps(`missing_lines.${i}.quantity`)}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Not missing: ${m.sku}`}
                    onClick={() => form.removeListItem('missing_lines', i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          No order line is marked missing.
        </Text>
      )}
      <Group align="end" gap="xs">
        <Select
          label="Mark an order line missing"
          placeholder="Pick an order line"
          data={choices}
          value={adding}
          onChange={setAdding}
          searchable
          w={420}
        />
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} disabled={!adding}>
          Mark missing
        </Button>
      </Group>
    </Stack>
  );
}
