import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { BILLING_EVENTS } from '../../../contract/billing';
import type { AdminCustomer } from '../../../contract/customers';
import { parseMinor } from '../../../contract/money';
import { useRouteMutation, useRouteQuery } from '../../api/queries';
import { EmptyRow } from '../../components/table/EmptyRow';
import { formatDate, formatMoney } from '../../lib/format';
import { setServerErrors } from '../../lib/form';
import { BILLING_EVENT_LABELS } from './admin-labels';

type Values = { event_type: string; amount: string; starts_on: string };

/** Billing rates of one customer (issue 12), in its currency: a rate applies from its start date until the next one. */
export function BillingRatesPanel({ customer }: { customer: AdminCustomer }) {
  const query = useRouteQuery('listBillingRates', { params: { id: customer.id } });
  const currency = query.data?.currency ?? customer.currency;
  const rates = query.data?.rates ?? [];
  const { t, i18n } = useLingui();
  const eventLabel = (e: (typeof BILLING_EVENTS)[number]) => i18n._(BILLING_EVENT_LABELS[e]);
  const form = useForm<Values>({
    initialValues: { event_type: 'return_received', amount: '', starts_on: new Date().toISOString().slice(0, 10) },
    validate: {
      amount: (v) => (parseMinor(v, currency) === undefined ? t`Enter an amount in ${currency}, e.g. 1.25` : null),
      starts_on: (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? null : t`Start date must be YYYY-MM-DD`),
    },
  });
  const invalidates = ['listBillingRates', 'billingMonth'] as const;
  const create = useRouteMutation('createBillingRate', {
    invalidates,
    quiet: true,
    toInput: (v: Values) => ({
      params: { id: customer.id },
      body: {
        event_type: v.event_type as (typeof BILLING_EVENTS)[number],
        amount_minor: parseMinor(v.amount, currency)!,
        starts_on: v.starts_on,
      },
    }),
    onSuccess: () => form.setFieldValue('amount', ''),
    onError: (error) => setServerErrors(form, error, { fields: { amount_minor: 'amount' } }),
  });
  const remove = useRouteMutation('deleteBillingRate', { invalidates });

  return (
    <Stack gap="sm">
      <Title order={5}>
        <Trans>Billing rates ({currency})</Trans>
      </Title>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Event</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Rate</Trans>
            </Table.Th>
            <Table.Th>
              <Trans context="valid from">From</Trans>
            </Table.Th>
            <Table.Th>
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rates.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{eventLabel(r.event_type)}</Table.Td>
              <Table.Td>{formatMoney(r.amount_minor, currency)}</Table.Td>
              <Table.Td>{formatDate(r.starts_on)}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={t`Delete (rate ${{ event: eventLabel(r.event_type) }} from ${{ date: formatDate(r.starts_on) }})`}
                  onClick={() => remove.mutate({ params: { id: r.id } })}
                >
                  <Trans>Delete</Trans>
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
          {!query.isPending && rates.length === 0 && (
            <EmptyRow colSpan={4}>
              <Trans>No rates: events are counted at 0.</Trans>
            </EmptyRow>
          )}
        </Table.Tbody>
      </Table>
      <form onSubmit={form.onSubmit((v) => create.mutate(v))} aria-label={t`Add a billing rate`}>
        <Group align="flex-end" grow>
          <Select
            label={t`Event`}
            data={BILLING_EVENTS.map((e) => ({ value: e, label: eventLabel(e) }))}
            allowDeselect={false}
            {...form.getInputProps('event_type')}
          />
          <TextInput label={t`Rate (${currency})`} inputMode="decimal" {...form.getInputProps('amount')} />
          <TextInput label={t`From (YYYY-MM-DD)`} {...form.getInputProps('starts_on')} />
        </Group>
        <Group justify="space-between" mt="xs">
          <Text size="xs" c="dimmed">
            <Trans>A new rate applies to events on or after its date; closed months keep their figures.</Trans>
          </Text>
          <Button type="submit" loading={create.isPending}>
            <Trans>Add rate</Trans>
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
