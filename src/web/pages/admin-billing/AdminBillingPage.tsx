import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatMinor } from '../../../contract/money';
import { downloadRoute } from '../../api/client';
import { useRouteMutation, useRouteQuery } from '../../api/queries';
import { AdminOnly } from '../../components/AdminOnly';

const lastMonth = () => {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
};

function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function BillingScreen() {
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
    onSuccess: (m) => notifications.show({ color: 'green', title: 'Month closed', message: `${m.company} ${m.month}: figures frozen` }),
  });
  const [downloading, setDownloading] = useState<string | null>(null);
  async function download(format: 'csv' | 'xlsx') {
    setDownloading(format);
    const file = await downloadRoute('exportBillingMonth', { query: { customer_id: Number(customerId), month, format } });
    setDownloading(null);
    if (file) saveFile(file.blob, file.fileName);
  }
  const money = (minor: number) => (data ? `${formatMinor(minor, data.currency)} ${data.currency}` : '');

  return (
    <Stack>
      <Title order={1} size="h2">
        Billing
      </Title>
      <Group align="flex-end">
        <Select
          label="Customer"
          placeholder="Choose a customer"
          searchable
          data={customers.map((c) => ({ value: String(c.id), label: c.company }))}
          value={customerId}
          onChange={setCustomerId}
          w={280}
        />
        <TextInput
          label="Month (YYYY-MM)"
          value={month}
          onChange={(e) => setMonth(e.currentTarget.value.trim())}
          error={validMonth ? undefined : 'Month must be YYYY-MM'}
          w={160}
        />
        {data && (
          <>
            <Button variant="light" loading={downloading === 'csv'} onClick={() => void download('csv')}>
              Download CSV
            </Button>
            <Button variant="light" loading={downloading === 'xlsx'} onClick={() => void download('xlsx')}>
              Download XLSX
            </Button>
            {data.can_close && (
              <Button
                color="orange"
                loading={close.isPending}
                onClick={() => {
                  if (window.confirm(`Close ${data.month} for ${data.company}? Its figures will never change again.`)) {
                    close.mutate({ body: { customer_id: data.customer_id, month: data.month } });
                  }
                }}
              >
                Close month
              </Button>
            )}
          </>
        )}
      </Group>
      {!customerId && <Text c="dimmed">Choose a customer and a month to see its billable events.</Text>}
      {query.isFetching && !data && <Loader size="sm" aria-label="Loading billing figures" />}
      {data && (
        <Stack gap="xs">
          <Group gap="xs">
            <Text fw={600}>
              {data.company} · {data.month} · {data.currency}
            </Text>
            {data.closed ? (
              <Badge color="gray" variant="light">
                Closed {data.closed.closed_at.slice(0, 10)} by {data.closed.closed_by}
              </Badge>
            ) : (
              <Badge color="blue" variant="light">
                Open: figures follow the current rates
              </Badge>
            )}
          </Group>
          <Table striped withTableBorder maw={900}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Event</Table.Th>
                <Table.Th ta="right">Count</Table.Th>
                <Table.Th>Rates</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.lines.map((l) => (
                <Table.Tr key={l.event_type}>
                  <Table.Td>{l.label}</Table.Td>
                  <Table.Td ta="right">{l.quantity}</Table.Td>
                  <Table.Td>
                    {l.rates.length === 0
                      ? '—'
                      : l.rates
                          .map((r) => `${r.quantity} × ${r.rate_minor === null ? 'no rate' : formatMinor(r.rate_minor, data.currency)}`)
                          .join(', ')}
                  </Table.Td>
                  <Table.Td ta="right">{money(l.amount_minor)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th scope="row" colSpan={3}>
                  Total
                </Table.Th>
                <Table.Td ta="right" fw={700}>
                  {money(data.total_minor)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {!data.closed && !data.can_close && (
            <Alert color="blue" variant="light" maw={900}>
              This month has not ended yet: it can be closed from the 1st of the next month (UTC).
            </Alert>
          )}
        </Stack>
      )}
    </Stack>
  );
}

export default function AdminBillingPage() {
  return (
    <AdminOnly title="Billing">
      <BillingScreen />
    </AdminOnly>
  );
}
