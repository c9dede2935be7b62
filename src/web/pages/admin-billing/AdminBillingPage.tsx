import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { downloadRoute } from '../../api/client';
import { useRouteMutation, useRouteQuery } from '../../api/queries';
import { AdminOnly } from '../../components/AdminOnly';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { BILLING_EVENT_LABELS } from '../admin-customers/admin-labels';
import { saveFile } from '../../lib/save-file';

const lastMonth = () => {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
};

function BillingScreen() {
  const { t, i18n } = useLingui();
  const customersQuery = useRouteQuery('listCustomers', {});
  const customers = (customersQuery.data ?? []).filter((c) => !c.is_reserved);
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [month, setMonth] = useState(lastMonth());
  const validMonth = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const input = { query: { customer_id: Number(customerId), month } };
  const query = useRouteQuery('billingMonth', input, { enabled: !!customerId && validMonth });
  const data = query.data;
  const close = useRouteMutation('closeBillingMonth', {
    invalidates: ['billingMonth'],
    onSuccess: (m) =>
      notifications.show({
        color: 'green',
        title: t`Month closed`,
        message: t`${{ company: m.company }} ${{ month: m.month }}: figures frozen`,
      }),
  });
  const [downloading, setDownloading] = useState<string | null>(null);
  async function download(format: 'csv' | 'xlsx') {
    setDownloading(format);
    const file = await downloadRoute('exportBillingMonth', { query: { customer_id: Number(customerId), month, format } });
    setDownloading(null);
    if (file) saveFile(file.blob, file.fileName);
  }
  const money = (minor: number) => (data ? formatMoney(minor, data.currency) : '');

  return (
    <Stack>
      <Title order={1} size="h2">
        <Trans>Billing</Trans>
      </Title>
      <Group align="flex-end">
        <Select
          label={t`Customer`}
          placeholder={t`Choose a customer`}
          searchable
          data={customers.map((c) => ({ value: String(c.id), label: c.company }))}
          value={customerId}
          onChange={setCustomerId}
          w={280}
        />
        <TextInput
          label={t`Month (YYYY-MM)`}
          value={month}
          onChange={(e) => setMonth(e.currentTarget.value.trim())}
          error={validMonth ? undefined : t`Month must be YYYY-MM`}
          w={160}
        />
        {data && (
          <>
            <Button variant="light" loading={downloading === 'csv'} onClick={() => void download('csv')}>
              <Trans>Download CSV</Trans>
            </Button>
            <Button variant="light" loading={downloading === 'xlsx'} onClick={() => void download('xlsx')}>
              <Trans>Download XLSX</Trans>
            </Button>
            {data.can_close && (
              <Button
                color="orange"
                loading={close.isPending}
                onClick={() => {
                  if (
                    window.confirm(t`Close ${{ month: data.month }} for ${{ company: data.company }}? Its figures will never change again.`)
                  ) {
                    close.mutate({ body: { customer_id: data.customer_id, month: data.month } });
                  }
                }}
              >
                <Trans>Close month</Trans>
              </Button>
            )}
          </>
        )}
      </Group>
      {!customerId && (
        <Text c="dimmed">
          <Trans>Choose a customer and a month to see its billable events.</Trans>
        </Text>
      )}
      {query.isFetching && !data && <Loader size="sm" aria-label={t`Loading billing figures`} />}
      {data && (
        <Stack gap="xs">
          <Group gap="xs">
            <Text fw={600}>
              {data.company} · {data.month} · {data.currency}
            </Text>
            {data.closed ? (
              <Badge color="gray" variant="light">
                <Trans>
                  Closed {{ date: formatDate(data.closed.closed_at) }} by {{ name: data.closed.closed_by }}
                </Trans>
              </Badge>
            ) : (
              <Badge color="blue" variant="light">
                <Trans>Open: figures follow the current rates</Trans>
              </Badge>
            )}
          </Group>
          <Table striped withTableBorder maw={900}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Event</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Count</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Rates</Trans>
                </Table.Th>
                <Table.Th ta="right">
                  <Trans>Amount</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.lines.map((l) => (
                <Table.Tr key={l.event_type}>
                  <Table.Td>{i18n._(BILLING_EVENT_LABELS[l.event_type])}</Table.Td>
                  <Table.Td ta="right">{formatNumber(l.quantity)}</Table.Td>
                  <Table.Td>
                    {l.rates.length === 0
                      ? '—'
                      : l.rates
                          .map(
                            (r) =>
                              `${formatNumber(r.quantity)} × ${r.rate_minor === null ? t`no rate` : formatMoney(r.rate_minor, data.currency)}`,
                          )
                          .join(', ')}
                  </Table.Td>
                  <Table.Td ta="right">{money(l.amount_minor)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th scope="row" colSpan={3}>
                  <Trans>Total</Trans>
                </Table.Th>
                <Table.Td ta="right" fw={700}>
                  {money(data.total_minor)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {!data.closed && !data.can_close && (
            <Alert color="blue" variant="light" maw={900}>
              <Trans>This month has not ended yet: it can be closed from the 1st of the next month (UTC).</Trans>
            </Alert>
          )}
        </Stack>
      )}
    </Stack>
  );
}

export default function AdminBillingPage() {
  const { t } = useLingui();
  return (
    <AdminOnly title={t`Billing`}>
      <BillingScreen />
    </AdminOnly>
  );
}
