import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { downloadRoute } from '../../api/client';
import { useRouteMutation, useRouteQuery } from '../../api/queries';
import { AdminOnly } from '../../components/AdminOnly';
import { formatDate } from '../../lib/format';
import { BillingLinesTable } from './BillingLinesTable';
import { DownloadButtons } from './DownloadButtons';

const lastMonth = () => {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
};

function BillingScreen() {
  const { t } = useLingui();
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
            <DownloadButtons
              fetch={(format) => downloadRoute('exportBillingMonth', { query: { customer_id: Number(customerId), month, format } })}
            />
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
          <BillingLinesTable data={data} maw={900} />
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
