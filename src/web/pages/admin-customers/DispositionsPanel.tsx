import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Badge, Checkbox, Group, MultiSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LEDGER_CONDITIONS, type LedgerCondition } from '../../../contract/constants';
import { dispositionBody, type DispositionView } from '../../../contract/dispositions';
import { useRouteMutation, useRouteQuery } from '../../api/queries';
import { EmptyRow } from '../../components/table/EmptyRow';
import { RowActions } from '../../components/table/RowActions';
import { schemaValidate, setServerErrors } from '../../lib/form';
import { EditFormActions } from './EditFormActions';
import { CONDITION_LABELS, labelOf } from './admin-labels';

type Values = { code: string; name: string; requires_location: boolean; default_for: LedgerCondition[] };
const EMPTY: Values = { code: '', name: '', requires_location: false, default_for: [] };
const afterSave = { invalidates: ['listDispositions', 'auditTrail'] } as const;

/**
 * Dispositions of one customer (issue 16), in the Options drawer under its reasons: what happens to a
 * returned unit, whether it takes a bin (Restock), and the conditions it is the default for (one
 * disposition per condition: giving a condition here takes it from the disposition that had it).
 */
export function DispositionsPanel({ customerId }: { customerId: number }) {
  const [editing, setEditing] = useState<DispositionView | null>(null);
  const { t, i18n } = useLingui();
  const conditionLabel = (c: string) => labelOf(i18n, CONDITION_LABELS, c);
  const list = useRouteQuery('listDispositions', { params: { customerId } });
  const dispositions = list.data ?? [];
  const form = useForm<Values>({ initialValues: EMPTY, validate: schemaValidate(dispositionBody) });
  const onError = (error: unknown) => setServerErrors(form, error);
  const done = () => startEdit(null);
  const create = useRouteMutation('createDisposition', {
    ...afterSave,
    toInput: (values: Values) => ({ params: { id: customerId }, body: values }),
    onSuccess: done,
    onError,
  });
  const update = useRouteMutation('updateDisposition', {
    ...afterSave,
    toInput: (values: Values) => ({ params: { id: customerId, dispId: editing!.id }, body: values }),
    onSuccess: done,
    onError,
  });
  const remove = useRouteMutation('deleteDisposition', {
    ...afterSave,
    toInput: (d: DispositionView) => ({ params: { id: customerId, dispId: d.id } }),
    onSuccess: (_answer, d) => {
      if (editing?.id === d.id) done();
    },
  });

  function startEdit(d: DispositionView | null) {
    setEditing(d);
    form.setValues(d ? { code: d.code, name: d.name, requires_location: d.requires_location, default_for: [...d.default_for] } : EMPTY);
    form.clearErrors();
  }

  return (
    <Stack data-testid="dispositions-panel">
      <Title order={5}>
        <Trans>Dispositions</Trans>
      </Title>
      <Table withTableBorder striped data-testid="dispositions-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Code</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Default for</Trans>
            </Table.Th>
            <Table.Th w={90}>
              <Trans>Action</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {dispositions.map((d) => (
            <Table.Tr key={d.id} bg={editing?.id === d.id ? 'blue.0' : undefined}>
              <Table.Td>{d.code}</Table.Td>
              <Table.Td>
                {d.name}
                {d.requires_location && (
                  <Badge size="xs" ml={6} variant="outline" color="gray">
                    <Trans>bin</Trans>
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="xs">{d.default_for.map(conditionLabel).join(', ') || '—'}</Text>
              </Table.Td>
              <Table.Td>
                <RowActions
                  editLabel={t`Edit disposition ${d.code}`}
                  deleteLabel={t`Delete disposition ${d.code}`}
                  onEdit={() => startEdit(d)}
                  onDelete={() => window.confirm(t`Delete the disposition ${d.code}?`) && remove.mutate(d)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
          {!list.isPending && dispositions.length === 0 && (
            <EmptyRow colSpan={4} size="sm">
              <Trans>No Dispositions</Trans>
            </EmptyRow>
          )}
        </Table.Tbody>
      </Table>

      <Title order={5}>{editing ? t`Edit disposition ${editing.code}` : t`Add a disposition`}</Title>
      <form onSubmit={form.onSubmit((values) => (editing ? update : create).mutate(values))} noValidate data-testid="disposition-form">
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput label={t`Disposition code`} withAsterisk {...form.getInputProps('code')} />
            <TextInput label={t`Disposition name`} withAsterisk {...form.getInputProps('name')} />
          </Group>
          <MultiSelect
            label={t`Default for the conditions`}
            description={t`A line of that condition gets this disposition unless the operator picks another.`}
            data={LEDGER_CONDITIONS.map((c) => ({ value: c, label: i18n._(CONDITION_LABELS[c]) }))}
            {...form.getInputProps('default_for')}
          />
          <Checkbox label={t`Needs a bin location (Restock)`} {...form.getInputProps('requires_location', { type: 'checkbox' })} />
          <EditFormActions
            editing={!!editing}
            onCancel={() => startEdit(null)}
            loading={create.isPending || update.isPending}
            addLabel={t`Add Disposition`}
            saveLabel={t`Save Disposition`}
          />
        </Stack>
      </form>
    </Stack>
  );
}
