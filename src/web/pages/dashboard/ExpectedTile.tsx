// Expected vs arrived (issue 26): the pre-advised returns of the period and how many came in, and
// those still awaited or overdue now. Its own read, so the main dashboard answer stays as it was.
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Progress, Text } from '@mantine/core';
import { useRouteQuery } from '../../api/queries';
import { ALL_CUSTOMERS } from '../../components/CustomerSelect';
import { Tile } from './ChartFrame';
import type { DashboardScope } from './dashboard-links';
import { BigNumber } from './FigureTable';

export function ExpectedTile({ scope }: { scope: DashboardScope }) {
  const { t } = useLingui();
  const query: Record<string, string> = { period: 'range', from: scope.from, to: scope.to };
  if (scope.customer !== ALL_CUSTOMERS) query.customer_id = scope.customer;
  const figures = useRouteQuery('dashboardExpected', { query }, { quiet: true }).data;
  if (!figures) return null;
  const { announced, arrived, awaiting, overdue } = figures;
  const share = announced ? Math.min(100, Math.round((arrived / announced) * 100)) : 0;
  return (
    <Tile title={t`Expected vs arrived`} testId="tile-expected">
      <Group gap="xl">
        <BigNumber label={t`Announced`} value={announced} testId="expected-announced" />
        <BigNumber label={t`Arrived`} value={arrived} testId="expected-arrived" />
        <BigNumber label={t`Awaiting now`} value={awaiting} testId="expected-awaiting" />
        <BigNumber label={t`Overdue now`} value={overdue} testId="expected-overdue" />
      </Group>
      {announced + arrived + awaiting + overdue === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No expected returns were announced.</Trans>
        </Text>
      ) : (
        <>
          <Progress value={share} mt="sm" aria-label={t`Arrived of announced: ${share} %`} />
          <Text size="xs" c="dimmed" mt={4}>
            <Trans>Arrived counts returns received in the period, announced then or before.</Trans>
          </Text>
        </>
      )}
    </Tile>
  );
}
