// What waits for the brands' decisions (issue 25): lines waiting now and those past their deadline,
// and how the period's decisions were made (by the brand or by default) with the median time to
// decide. Its own read, as the expected tile's, so the main dashboard answer stays as it was.
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Text } from '@mantine/core';
import { useRouteQuery } from '../../api/queries';
import { ALL_CUSTOMERS } from '../../components/CustomerSelect';
import { duration } from '../portal-decisions/decision-time';
import { Tile } from './ChartFrame';
import type { DashboardScope } from './dashboard-links';
import { BigNumber } from './FigureTable';

/** `queue`: the Decisions screen's link (a brand user's; the warehouse reads the figures only). */
export function DecisionsTile({ scope, queue }: { scope: DashboardScope; queue?: string }) {
  const { t, i18n } = useLingui();
  const query: Record<string, string> = { period: 'range', from: scope.from, to: scope.to };
  if (scope.customer !== ALL_CUSTOMERS) query.customer_id = scope.customer;
  const figures = useRouteQuery('dashboardDecisions', { query }, { quiet: true }).data;
  if (!figures) return null;
  const { awaiting, overdue, decided, defaulted, median_seconds: median } = figures;
  const medianText = median === null ? '' : i18n._(duration(median));
  return (
    <Tile title={t`Brand decisions`} link={queue} linkLabel={t`Open Decisions`} testId="tile-decisions">
      <Group gap="xl">
        <BigNumber label={t`Waiting now`} value={awaiting} testId="decisions-awaiting" />
        <BigNumber label={t`Overdue now`} value={overdue} testId="decisions-overdue" />
        <BigNumber label={t`Decided by the brand`} value={decided} testId="decisions-decided" />
        <BigNumber label={t`Default applied`} value={defaulted} testId="decisions-defaulted" />
      </Group>
      {awaiting + decided + defaulted === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No line waited for a brand's decision.</Trans>
        </Text>
      ) : (
        <Text size="sm" data-testid="decisions-median">
          {median === null ? <Trans>No brand decision in the period yet.</Trans> : <Trans>Median time to decide: {medianText}</Trans>}
        </Text>
      )}
    </Tile>
  );
}
