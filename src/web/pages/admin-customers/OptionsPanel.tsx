import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Stack, Table, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { optionBody, type AdminCustomer, type OptionView } from '../../../contract/customers';
import { useRouteMutation } from '../../api/queries';
import { EmptyRow } from '../../components/table/EmptyRow';
import { RowActions } from '../../components/table/RowActions';
import { schemaValidate, setServerErrors } from '../../lib/form';
import { EditFormActions } from './EditFormActions';

type Values = { option_code: string; option_value: string };
const toBody = (values: Values) => ({ option_type: 'Reason' as const, ...values });
const afterSave = { invalidates: ['listCustomers', 'auditTrail'] } as const;

/** Reasons of one customer (SPEC §2.12 options drawer): list, add, edit, delete. Type is Reason only. */
export function OptionsPanel({ customer, onChanged }: { customer: AdminCustomer; onChanged: (options: OptionView[]) => void }) {
  const [editing, setEditing] = useState<OptionView | null>(null);
  const { t } = useLingui();
  const form = useForm<Values>({
    initialValues: { option_code: '', option_value: '' },
    validate: schemaValidate(optionBody, { toBody }),
  });
  const options = customer.options;
  const onError = (error: unknown) => setServerErrors(form, error);
  const create = useRouteMutation('createOption', {
    ...afterSave,
    toInput: (values: Values) => ({ params: { id: customer.id }, body: toBody(values) }),
    onSuccess: (saved) => {
      onChanged([...options, saved]);
      startEdit(null);
    },
    onError,
  });
  const update = useRouteMutation('updateOption', {
    ...afterSave,
    toInput: (values: Values) => ({ params: { id: customer.id, optId: editing!.id }, body: toBody(values) }),
    onSuccess: (saved) => {
      onChanged(options.map((o) => (o.id === saved.id ? saved : o)));
      startEdit(null);
    },
    onError,
  });
  const remove = useRouteMutation('deleteOption', {
    ...afterSave,
    toInput: (o: OptionView) => ({ params: { id: customer.id, optId: o.id } }),
    onSuccess: (_answer, o) => {
      onChanged(options.filter((x) => x.id !== o.id));
      if (editing?.id === o.id) startEdit(null);
    },
  });

  function startEdit(o: OptionView | null) {
    setEditing(o);
    form.setValues({ option_code: o?.option_code ?? '', option_value: o?.option_value ?? '' });
    form.clearErrors();
  }

  function confirmRemove(o: OptionView) {
    if (window.confirm(t`Delete the reason ${o.option_code}?`)) remove.mutate(o);
  }

  return (
    <Stack>
      <Table withTableBorder striped data-testid="options-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Type</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Code</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Value</Trans>
            </Table.Th>
            <Table.Th w={90}>
              <Trans>Action</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {options.map((o) => (
            <Table.Tr key={o.id} bg={editing?.id === o.id ? 'blue.0' : undefined}>
              <Table.Td>{o.option_type === 'Reason' ? t`Reason` : o.option_type}</Table.Td>
              <Table.Td>{o.option_code}</Table.Td>
              <Table.Td>{o.option_value}</Table.Td>
              <Table.Td>
                <RowActions
                  editLabel={t`Edit reason ${o.option_code}`}
                  deleteLabel={t`Delete reason ${o.option_code}`}
                  onEdit={() => startEdit(o)}
                  onDelete={() => confirmRemove(o)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
          {options.length === 0 && (
            <EmptyRow colSpan={4} size="sm">
              <Trans>No Reasons</Trans>
            </EmptyRow>
          )}
        </Table.Tbody>
      </Table>

      <Title order={5}>{editing ? t`Edit reason ${editing.option_code}` : t`Add a reason`}</Title>
      <form onSubmit={form.onSubmit((values) => (editing ? update : create).mutate(values))} noValidate>
        <Stack gap="sm">
          <TextInput label={t`Code`} withAsterisk {...form.getInputProps('option_code')} />
          <TextInput label={t`Value`} withAsterisk {...form.getInputProps('option_value')} />
          <EditFormActions
            editing={!!editing}
            onCancel={() => startEdit(null)}
            loading={create.isPending || update.isPending}
            addLabel={t`Add Reason`}
            saveLabel={t`Save Reason`}
          />
        </Stack>
      </form>
    </Stack>
  );
}
