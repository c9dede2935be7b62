// The brand's billing statements (issue 25): its customers' closed months, read-only, each to read
// and to download as CSV or XLSX as the admin does. An open month is not a statement yet.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { BillingMonth } from '../../../contract/billing';
import { downloadRoute } from '../../api/client';
import { useRouteQuery } from '../../api/queries';
import { useSession } from '../../auth/session';
import { CustomerSelect } from '../../components/CustomerSelect';
import { formatDate, formatMoney } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { BillingLinesTable } from '../admin-billing/BillingLinesTable';
import { DownloadButtons } from '../admin-billing/DownloadButtons';
import { PortalOnly } from '../../components/PortalOnly';

function Statement({ data }: { data: BillingMonth }) {
  const { t } = useLingui();
  return (
    <Stack gap="xs" component="section" aria-label={t`Statement ${data.month}`}>
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          <Title order={2} size="h4">
            {data.company} · {data.month}
          </Title>
          {data.closed && (
            <Badge color="gray" variant="light">
              <Trans>Closed {formatDate(data.closed.closed_at)}</Trans>
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <DownloadButtons
            fetch={(format) =>
              downloadRoute('exportBillingStatement', { query: { customer_id: data.customer_id, month: data.month, format } })
            }
          />
        </Group>
      </Group>
      <BillingLinesTable data={data} />
    </Stack>
  );
}

function BillingScreen() {
  const { t } = useLingui();
  const { customers } = useSession();
  const [params, setParams] = useSearchParams();
  const customerId = params.get('customer_id') ?? (customers[0] ? String(customers[0].id) : null);
  const month = params.get('month');
  const list = useRouteQuery('listBillingStatements', { query: { customer_id: Number(customerId) } }, { enabled: !!customerId });
  const statement = useRouteQuery(
    'billingStatement',
    { query: { customer_id: Number(customerId), month: month ?? '' } },
    { enabled: !!customerId && !!month },
  );
  const choose = (next: { customer_id?: string | null; month?: string | null }) => {
    const q = new URLSearchParams();
    const c = next.customer_id === undefined ? customerId : next.customer_id;
    if (c) q.set('customer_id', c);
    const m = next.month === undefined ? month : next.month;
    if (m) q.set('month', m);
    setParams(q);
  };
  const rows = list.data ?? [];
  return (
    <Stack>
      <Title order={1} size="h2">
        <Trans>Billing statements</Trans>
      </Title>
      <Text c="dimmed" size="sm">
        <Trans>A month's statement appears here once the warehouse has closed it; its figures do not change after that.</Trans>
      </Text>
      <CustomerSelect value={customerId} onChange={(v) => choose({ customer_id: v, month: null })} maw={360} />
      {list.isFetching && !list.data && <Loader size="sm" aria-label={t`Loading statements`} />}
      {list.data && rows.length === 0 && (
        <Alert color="blue" variant="light">
          <Trans>No closed statements yet.</Trans>
        </Alert>
      )}
      {rows.length > 0 && (
        <Table withTableBorder maw={640} data-testid="statements">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Month</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Total</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Statement</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((s) => (
              <Table.Tr key={s.month} data-active={s.month === month || undefined}>
                <Table.Td>
                  <Text fw={500}>{s.month}</Text>
                  <Text size="xs" c="dimmed">
                    <Trans>Closed {formatDate(s.closed_at)}</Trans>
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatMoney(s.total_minor, s.currency)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant={s.month === month ? 'filled' : 'default'}
                    aria-pressed={s.month === month}
                    aria-label={t`View statement ${s.month}`}
                    onClick={() => choose({ month: s.month })}
                  >
                    <Trans>View</Trans>
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {month && statement.isFetching && !statement.data && <Loader size="sm" aria-label={t`Loading the statement`} />}
      {month && statement.isError && (
        <Alert color="yellow" variant="light">
          <Trans>There is no closed statement for {month}.</Trans>
        </Alert>
      )}
      {month && statement.data && <Statement data={statement.data} />}
    </Stack>
  );
}

export default function PortalBillingPage() {
  const { t } = useLingui();
  usePageTitle(t`Billing statements`);
  return (
    <PortalOnly>
      <BillingScreen />
    </PortalOnly>
  );
}
