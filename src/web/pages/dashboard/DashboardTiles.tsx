import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Group, ScrollArea, SimpleGrid } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import type { DashboardAnswer } from '../../../contract/dashboard';
import { formatNumber } from '../../lib/format';
import { ChartImage, NoData, Tile } from './ChartFrame';
import { BacklogTile, FailedTile, scrollRegion } from './DashboardTaskTiles';
import { DecisionsTile } from './DecisionsTile';
import { ExpectedTile } from './ExpectedTile';
import { MixTile, OFF, ParcelsTile, TwoWayTile } from './DashboardTileKinds';
import { BigNumber, FigureTable, n } from './FigureTable';
import { historyLink, taskMonitorLink, type DashboardScope } from './dashboard-links';
import { CONDITION_LABEL, DISCREPANCY_LABEL, labelOf, NO_DISPOSITION, shortDay } from './labels';

const number = (v: number) => formatNumber(v);

/** `isBrand`: a brand user (issue 25) is shown no operator figures (the server sends none). */
export function DashboardTiles({
  data,
  scope,
  isAdmin,
  isBrand = false,
}: {
  data: DashboardAnswer;
  scope: DashboardScope;
  isAdmin: boolean;
  isBrand?: boolean;
}) {
  const { t } = useLingui();
  const tr = (d: MessageDescriptor) => t(d);
  const photoTotal = data.photos.with + data.photos.without;
  const tasksOf = (status: 'Pending' | 'Error') => (isAdmin ? taskMonitorLink(status, { customer: scope.customer }) : undefined);
  const { from, to } = data;
  const discrepancyLines = n(data.discrepancies.reduce((s, d) => s + d.lines, 0));
  const [returns, units, perHour] = [t`Returns`, t`Units`, t`Units per hour`];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Tile title={t`Returns and units per day`} link={historyLink(scope)} testId="tile-days">
        <Group gap="lg" align="flex-start" wrap="wrap">
          <ChartImage label={t`Bar chart of returns and units per day, ${from} to ${to}; the numbers are beside it`} height={220}>
            <BarChart
              h={220}
              data={data.days.map((d) => ({ day: shortDay(d.day), returns: d.returns, units: d.units }))}
              dataKey="day"
              series={[
                { name: 'returns', label: returns, color: 'blue.6' },
                { name: 'units', label: units, color: 'teal.6' },
              ]}
              valueFormatter={number}
              withLegend
              tickLine="y"
              barChartProps={OFF}
            />
          </ChartImage>
          <div style={{ minWidth: 170 }}>
            <Group gap="lg" mb="xs">
              <BigNumber label={returns} value={data.totals.returns} testId="total-returns" />
              <BigNumber label={units} value={data.totals.units} testId="total-units" />
            </Group>
            <ScrollArea.Autosize mah={150} type="auto" offsetScrollbars viewportProps={scrollRegion(t`Returns and units per day, by day`)}>
              <FigureTable
                label={t`Returns and units per day`}
                head={[t`Day`, returns, units]}
                fz="xs"
                verticalSpacing={2}
                style={{}}
                rows={[...data.days].reverse().map((d) => ({ key: d.day, label: d.day, cells: [d.returns, d.units] }))}
              />
            </ScrollArea.Autosize>
          </div>
        </Group>
      </Tile>

      <MixTile
        title={t`Reasons`}
        chartLabel={t`units by reasons`}
        keyHead={t`Reason`}
        testId="tile-reasons"
        scope={scope}
        rows={data.reasons}
        link={(key) => ({ reason: key })}
      />
      <MixTile
        title={t`Conditions`}
        chartLabel={t`units by conditions`}
        keyHead={t`Condition`}
        testId="tile-conditions"
        scope={scope}
        rows={data.conditions}
        link={(key) => ({ condition: key })}
        rowLabel={(r) => labelOf(CONDITION_LABEL, r.key, tr)}
      />
      <MixTile
        title={t`Dispositions`}
        chartLabel={t`units by dispositions`}
        keyHead={t`Disposition`}
        testId="tile-dispositions"
        scope={scope}
        rows={data.dispositions}
        // Lines without a disposition have no code to filter by.
        link={(key) => (key ? { disposition: key } : undefined)}
        rowLabel={(r) => (r.key ? r.label : t(NO_DISPOSITION))}
      />
      {/* Issue 27: only where inspection rules graded lines in the period. */}
      {data.grades.length > 0 && (
        <MixTile
          title={t`Grades`}
          chartLabel={t`units by grades`}
          keyHead={t`Grade`}
          testId="tile-grades"
          scope={scope}
          rows={data.grades}
          link={(key) => ({ grade: key })}
        />
      )}

      <TwoWayTile
        title={t`Blind and order-based`}
        chartLabel={t`blind and order-based`}
        testId="tile-kinds"
        scope={scope}
        head={t`Kind`}
        total={data.totals.returns}
        rows={[
          { label: t`Order-based`, returns: data.kinds.order.returns, units: data.kinds.order.units, filter: { is_blind: '0' } },
          {
            label: t({ message: 'Blind', context: 'returns' }),
            returns: data.kinds.blind.returns,
            units: data.kinds.blind.units,
            filter: { is_blind: '1' },
          },
        ]}
      />
      <TwoWayTile
        title={t`Returns with photos`}
        chartLabel={t`returns with photos`}
        testId="tile-photos"
        scope={scope}
        head={t`Photos`}
        total={photoTotal}
        rows={[
          { label: t`With photos`, returns: data.photos.with, filter: { has_photos: '1' } },
          { label: t`Without photos`, returns: data.photos.without, filter: { has_photos: '0' } },
        ]}
      />

      <MixTile
        title={t`Discrepancies`}
        chartLabel={t`units by discrepancies`}
        keyHead={t`Discrepancy`}
        testId="tile-discrepancies"
        scope={scope}
        rows={data.discrepancies}
        link={(key) => ({ discrepancy: key })}
        rowLabel={(r) => labelOf(DISCREPANCY_LABEL, r.key, tr)}
        note={t`${discrepancyLines} discrepancy lines; a return can have several.`}
      />

      {!isBrand && (
        <Tile title={t`Units per operator per hour`} link={historyLink(scope)} testId="tile-operators">
          {data.operators.length === 0 ? (
            <NoData />
          ) : (
            <Group gap="lg" wrap="wrap" align="flex-start">
              <ChartImage label={t`Bar chart of units per hour for each operator; the numbers are beside it`} height={180}>
                <BarChart
                  h={180}
                  data={data.operators.slice(0, 10).map((o) => ({ operator: o.username, perHour: o.units_per_hour }))}
                  dataKey="operator"
                  orientation="vertical"
                  yAxisProps={{ width: 110, tickFormatter: (v: string) => (v.length > 14 ? `${v.slice(0, 13)}…` : v) }}
                  series={[{ name: 'perHour', label: perHour, color: 'indigo.6' }]}
                  valueFormatter={number}
                  barChartProps={OFF}
                />
              </ChartImage>
              <FigureTable
                label={t`Units per operator per hour`}
                head={[t`Operator`, units, t`Hours`, t`Per hour`]}
                rows={data.operators.map((o) => ({
                  key: String(o.user_id),
                  label: o.username,
                  to: historyLink(scope, { user_id: o.user_id }),
                  cells: [o.units, o.active_hours, formatNumber(o.units_per_hour)],
                }))}
              />
            </Group>
          )}
        </Tile>
      )}

      <BacklogTile backlog={data.backlog} tasksOf={tasksOf} />
      <ParcelsTile parcels={data.parcels} scope={scope} />
      <FailedTile failed={data.failed_deliveries} tasksOf={tasksOf} />
      <ExpectedTile scope={scope} />
      <DecisionsTile scope={scope} queue={isBrand ? '/decisions' : undefined} />
    </SimpleGrid>
  );
}
