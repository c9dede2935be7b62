import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { LEDGER_CONDITIONS } from '../../../../contract/constants';
import { gradeScaleBody, type GradeScaleEntry } from '../../../../contract/inspection';
import { useRouteMutation } from '../../../api/queries';
import { schemaValidate, setServerErrors } from '../../../lib/form';
import { CONDITION_LABELS } from '../admin-labels';

type Values = { grades: GradeScaleEntry[] };

/** The customer's names of the grades and the spec condition each records (issue 27). */
export function GradeScaleForm({ customerId, grades }: { customerId: number; grades: GradeScaleEntry[] }) {
  const { t, i18n } = useLingui();
  const form = useForm<Values>({ initialValues: { grades }, validate: schemaValidate(gradeScaleBody) });
  useEffect(() => {
    form.setValues({ grades });
    form.resetDirty({ grades });
    // The form follows the stored scale when it is read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [grades]);
  const save = useRouteMutation('saveGradeScale', {
    invalidates: ['getGradeScale', 'auditTrail'],
    toInput: (values: Values) => ({ params: { id: customerId }, body: values }),
    onSuccess: () => notifications.show({ color: 'green', title: t`Grades saved`, message: t`The new names show at the desk.` }),
    onError: (error) => setServerErrors(form, error),
  });
  const conditions = LEDGER_CONDITIONS.map((c) => ({ value: c, label: i18n._(CONDITION_LABELS[c]) }));

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate data-testid="grade-scale-form">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          <Trans>Rename the grades as the customer calls them; each grade records one of the spec's conditions.</Trans>
        </Text>
        <Table withTableBorder data-testid="grade-scale-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Grade</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Name</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Condition</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.values.grades.map((g, i) => (
              <Table.Tr key={g.grade}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {g.grade}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <TextInput aria-label={t`Name of grade ${g.grade}`} maxLength={40} {...form.getInputProps(`grades.${i}.label`)} />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={t`Condition of grade ${g.grade}`}
                    allowDeselect={false}
                    data={conditions}
                    {...form.getInputProps(`grades.${i}.condition`)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {typeof form.errors.grades === 'string' && (
          <Text size="sm" c="red">
            {form.errors.grades}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            <Trans>Save Grades</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
