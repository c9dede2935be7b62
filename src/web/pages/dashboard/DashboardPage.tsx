// Dashboard (issue 12): today's work and what comes back, for the user's customers or one of them.
// The period and customer live in the query string, so a reload or a shared link shows the same.
import '@mantine/charts/styles.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Group, LoadingOverlay, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '../../../contract/dashboard';
import { useRouteQuery } from '../../api/queries';
import { useSession } from '../../auth/session';
import { ALL_CUSTOMERS } from '../../components/CustomerSelect';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { DashboardControls, type DashboardParams } from './DashboardControls';
import { DashboardTiles } from './DashboardTiles';

const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

function readParams(q: URLSearchParams): DashboardParams {
  const period = q.get('period');
  const customer = q.get('customer_id') ?? '';
  return {
    period: DASHBOARD_PERIODS.some((p) => p.value === period) ? (period as DashboardPeriod) : '7d',
    from: isDay(q.get('from')) ? q.get('from')! : '',
    to: isDay(q.get('to')) ? q.get('to')! : '',
    customer: /^\d+$/.test(customer) ? customer : ALL_CUSTOMERS,
  };
}

export default function DashboardPage() {
  const { t } = useLingui();
  usePageTitle(t`Dashboard`);
  const { isAdmin, isBrand } = useSession();
  const [query, setQuery] = useSearchParams();
  const params = readParams(query);
  const rangeReady = params.period !== 'range' || (params.from !== '' && params.to !== '' && params.from <= params.to);
  const apiQuery: Record<string, string> = { period: params.period, customer_id: params.customer };
  if (params.period === 'range') Object.assign(apiQuery, { from: params.from, to: params.to });
  const dashboard = useRouteQuery('dashboard', { query: apiQuery }, { enabled: rangeReady, placeholderData: keepPreviousData });

  function change(next: DashboardParams) {
    const q = new URLSearchParams({ period: next.period, customer_id: next.customer });
    if (next.period === 'range') {
      // A range starts from the period shown so far.
      q.set('from', next.from || dashboard.data?.from || '');
      q.set('to', next.to || dashboard.data?.to || '');
    }
    setQuery(q);
  }

  const data = dashboard.data;
  const days = data ? (data.from === data.to ? data.from : `${data.from} – ${data.to}`) : '';
  const asOf = data ? formatDateTime(data.as_of) : '';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            <Trans>Dashboard</Trans>
          </Title>
          {data && (
            <Text size="sm" c="dimmed" data-testid="dashboard-period">
              <Trans>
                {days} (UTC days) · as of {asOf}
              </Trans>
            </Text>
          )}
        </div>
        <DashboardControls value={params} onChange={change} />
      </Group>
      {!rangeReady && (
        <Alert color="yellow" title={t`Choose a range`}>
          <Trans>Enter a from and a to date (YYYY-MM-DD), the from date not after the to date.</Trans>
        </Alert>
      )}
      <div style={{ position: 'relative', minHeight: 200 }}>
        <LoadingOverlay visible={dashboard.isFetching && !data} zIndex={5} />
        {data && (
          <DashboardTiles
            data={data}
            scope={{ from: data.from, to: data.to, customer: params.customer }}
            isAdmin={isAdmin}
            isBrand={isBrand}
          />
        )}
      </div>
    </Stack>
  );
}
