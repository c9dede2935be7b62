// Correct a submitted return (issue 11, admins): the lines as they should be, and why. The server
// checks the version this dialog was opened on: another admin's correction meanwhile is a 409.
// Rendered only while open, so each opening starts from the return as it is now.
import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { correctionBody, type CorrectionRequest } from '../../../contract/corrections';
import { LEDGER_CONDITIONS, LIMITS } from '../../../contract/constants';
import type { ReturnView } from '../../../contract/return-view';
import { isApiError, useRouteMutation, useRouteQuery } from '../../api/queries';
import { schemaValidate, setServerErrors } from '../../lib/form';

interface LineValues {
  key: string;
  id?: number;
  order_line_id?: number;
  sku: string;
  name: string;
  quantity: number | string;
  condition: string;
  reason: string;
  comment: string;
}

interface Values {
  comment: string;
  lines: LineValues[];
}

const initialLines = (r: ReturnView): LineValues[] =>
  r.lines.map((l) => ({
    key: `l${l.id}`,
    id: l.id,
    sku: l.product.sku,
    name: l.product.name_1,
    quantity: l.quantity,
    condition: l.condition,
    reason: l.reason,
    comment: l.comment ?? '',
  }));

const toBody = (version: number, v: Values): CorrectionRequest => ({
  version,
  comment: v.comment,
  lines: v.lines.map((l) => ({
    ...(l.id !== undefined ? { id: l.id } : { order_line_id: l.order_line_id }),
    quantity: typeof l.quantity === 'number' ? l.quantity : Number(l.quantity || NaN),
    condition: l.condition as CorrectionRequest['lines'][number]['condition'],
    reason: l.reason,
    comment: l.comment,
  })),
});

/** The customer's reasons and, for an order-based return, the order's lines a new line may name. */
function useCorrectionChoices(r: ReturnView, opened: boolean) {
  const order = useRouteQuery(
    'loadOrder',
    { params: { source: r.order?.source ?? '', id: r.order_id ?? 0 }, body: {} },
    { enabled: opened && r.order !== null },
  );
  const blind = useRouteQuery('blindSetup', { params: { customerId: r.customer_id } }, { enabled: opened && r.order === null });
  const reasons = (r.order ? order.data?.reasons : blind.data?.reasons) ?? [];
  return { reasons, orderLines: order.data?.order_lines ?? [], loading: r.order ? order.isPending : blind.isPending };
}

export function CorrectionModal({
  r,
  opened,
  onClose,
  onSaved,
}: {
  r: ReturnView;
  opened: boolean;
  onClose: () => void;
  onSaved: (r: ReturnView) => void;
}) {
  const { reasons, orderLines, loading } = useCorrectionChoices(r, opened);
  const [changed, setChanged] = useState(false);
  const [adding, setAdding] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { comment: '', lines: initialLines(r) },
    validate: schemaValidate(correctionBody, { toBody: (v: Values) => toBody(r.version, v) }),
  });
  const save = useRouteMutation('correctReturn', {
    toInput: (v: Values) => ({ params: { returnId: r.id }, body: toBody(r.version, v) }),
    invalidates: ['readReturn', 'listReturns'],
    onSuccess: (view) => onSaved(view),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) setChanged(true);
      else setServerErrors(form, error);
    },
  });
  const reasonData = reasons.map((o) => ({ value: o.option_code, label: o.option_value || o.option_code }));
  // A reason that is no longer one of the customer's stays selectable on the line that has it.
  const reasonsOf = (l: LineValues) =>
    reasonData.some((o) => o.value === l.reason) ? reasonData : [...reasonData, { value: l.reason, label: l.reason }];
  const lineOptions = orderLines.map((l) => ({ value: String(l.id), label: `${l.product.sku} · ${l.product.name_1}` }));

  const addLine = () => {
    const line = orderLines.find((l) => String(l.id) === adding);
    if (!line) return;
    form.insertListItem('lines', {
      key: `n${Date.now()}`,
      order_line_id: line.id,
      sku: line.product.sku,
      name: line.product.name_1,
      quantity: 1,
      condition: 'Reconditioning',
      reason: reasonData[0]?.value ?? '',
      comment: '',
    } satisfies LineValues);
    setAdding(null);
  };
  const linesError = form.errors.lines;

  return (
    <Modal opened={opened} onClose={onClose} title={`Correct Return #${r.id}`} size={1100} closeOnClickOutside={false}>
      <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Version {r.version}. Saving makes version {r.version + 1}: the submitted return stays in the version list, and every connection
            the return was sent to gets a correction message.
          </Text>
          {changed && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The return changed" data-testid="correction-conflict">
              Another correction was saved since you opened this return. Close this dialog, check the new version and correct it again.
            </Alert>
          )}
          <Table withTableBorder verticalSpacing={4} data-testid="correction-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th w={110}>Quantity</Table.Th>
                <Table.Th w={170}>Condition</Table.Th>
                <Table.Th w={210}>Reason</Table.Th>
                <Table.Th>Comment</Table.Th>
                <Table.Th w={44}>
                  <VisuallyHidden>Remove</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.values.lines.map((l, i) => (
                <Table.Tr key={l.key} data-testid="correction-line" data-sku={l.sku}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {l.sku}
                      {l.id === undefined && (
                        <Text span size="xs" c="teal" fw={600} ml={6}>
                          new
                        </Text>
                      )}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {l.name}
                    </Text>
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
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      size="xs"
                      aria-label={`Reason of ${l.sku}`}
                      data={reasonsOf(l)}
                      allowDeselect={false}
                      {...form.getInputProps(`lines.${i}.reason`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput size="xs" aria-label={`Comment of ${l.sku}`} maxLength={500} {...form.getInputProps(`lines.${i}.comment`)} />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" aria-label={`Remove ${l.sku}`} onClick={() => form.removeListItem('lines', i)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {linesError && (
            <Text size="sm" c="red" role="alert">
              {linesError}
            </Text>
          )}
          {r.order && (
            <Group align="end" gap="xs">
              <Select
                label="Add a line of the order"
                placeholder={loading ? 'Loading the order…' : 'Pick an order line'}
                data={lineOptions}
                value={adding}
                onChange={setAdding}
                searchable
                w={420}
              />
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addLine} disabled={!adding}>
                Add line
              </Button>
            </Group>
          )}
          <Textarea
            label="Why is the return corrected?"
            description="Required; kept with the version and sent with the correction message."
            withAsterisk
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('comment')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={changed}>
              Save correction
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
