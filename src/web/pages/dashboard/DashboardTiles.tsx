import { Anchor, Badge, Group, ScrollArea, SimpleGrid, Table, Text } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { Link } from 'react-router';
import type { DashboardAnswer } from '../../../contract/dashboard';
import { returnViewPath } from '../../../contract/return-view';
import { formatDateTime } from '../../lib/format';
import { ChartImage, NoData, Tile } from './ChartFrame';
import { MixTile, OFF, ParcelsTile, TwoWayTile } from './DashboardTileKinds';
import { BigNumber, FigureTable, n } from './FigureTable';
import { historyLink, taskMonitorLink, type DashboardScope } from './dashboard-links';

/** A scrolled list is reachable from the keyboard (WCAG 2.1.1): focusable, named as a region. */
const scrollRegion = (label: string) => ({ tabIndex: 0, role: 'region', 'aria-label': label });

export function DashboardTiles({ data, scope, isAdmin }: { data: DashboardAnswer; scope: DashboardScope; isAdmin: boolean }) {
  const dayLabel = (day: string) => day.slice(5);
  const photoTotal = data.photos.with + data.photos.without;
  const tasksOf = (status: 'Pending' | 'Error') => (isAdmin ? taskMonitorLink(status, { customer: scope.customer }) : undefined);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Tile title="Returns and units per day" link={historyLink(scope)} testId="tile-days">
        <Group gap="lg" align="flex-start" wrap="nowrap">
          <ChartImage label={`Bar chart of returns and units per day, ${data.from} to ${data.to}; the numbers are beside it`} height={220}>
            <BarChart
              h={220}
              data={data.days.map((d) => ({ day: dayLabel(d.day), Returns: d.returns, Units: d.units }))}
              dataKey="day"
              series={[
                { name: 'Returns', color: 'blue.6' },
                { name: 'Units', color: 'teal.6' },
              ]}
              withLegend
              tickLine="y"
              barChartProps={OFF}
            />
          </ChartImage>
          <div style={{ minWidth: 170 }}>
            <Group gap="lg" mb="xs">
              <BigNumber label="Returns" value={data.totals.returns} testId="total-returns" />
              <BigNumber label="Units" value={data.totals.units} testId="total-units" />
            </Group>
            <ScrollArea.Autosize mah={150} type="auto" offsetScrollbars viewportProps={scrollRegion('Returns and units per day, by day')}>
              <FigureTable
                label="Returns and units per day"
                head={['Day', 'Returns', 'Units']}
                fz="xs"
                verticalSpacing={2}
                style={{}}
                rows={[...data.days].reverse().map((d) => ({ key: d.day, label: d.day, cells: [d.returns, d.units] }))}
              />
            </ScrollArea.Autosize>
          </div>
        </Group>
      </Tile>

      <MixTile title="Reasons" testId="tile-reasons" scope={scope} rows={data.reasons} link={(key) => ({ reason: key })} />
      <MixTile title="Conditions" testId="tile-conditions" scope={scope} rows={data.conditions} link={(key) => ({ condition: key })} />
      <MixTile
        title="Dispositions"
        testId="tile-dispositions"
        scope={scope}
        rows={data.dispositions}
        // Lines without a disposition have no code to filter by.
        link={(key) => (key ? { disposition: key } : undefined)}
      />

      <TwoWayTile
        title="Blind and order-based"
        testId="tile-kinds"
        scope={scope}
        head="Kind"
        total={data.totals.returns}
        rows={[
          { label: 'Order-based', returns: data.kinds.order.returns, units: data.kinds.order.units, filter: { is_blind: '0' } },
          { label: 'Blind', returns: data.kinds.blind.returns, units: data.kinds.blind.units, filter: { is_blind: '1' } },
        ]}
      />
      <TwoWayTile
        title="Returns with photos"
        testId="tile-photos"
        scope={scope}
        head="Photos"
        total={photoTotal}
        rows={[
          { label: 'With photos', returns: data.photos.with, filter: { has_photos: '1' } },
          { label: 'Without photos', returns: data.photos.without, filter: { has_photos: '0' } },
        ]}
      />

      <MixTile
        title="Discrepancies"
        testId="tile-discrepancies"
        scope={scope}
        rows={data.discrepancies}
        link={(key) => ({ discrepancy: key })}
        note={`${n(data.discrepancies.reduce((s, d) => s + d.lines, 0))} discrepancy lines; a return can have several.`}
      />

      <Tile title="Units per operator per hour" link={historyLink(scope)} testId="tile-operators">
        {data.operators.length === 0 ? (
          <NoData />
        ) : (
          <Group gap="lg" wrap="nowrap" align="flex-start">
            <ChartImage label="Bar chart of units per hour for each operator; the numbers are beside it" height={180}>
              <BarChart
                h={180}
                data={data.operators.slice(0, 10).map((o) => ({ operator: o.username, 'Units per hour': o.units_per_hour }))}
                dataKey="operator"
                orientation="vertical"
                yAxisProps={{ width: 110, tickFormatter: (v: string) => (v.length > 14 ? `${v.slice(0, 13)}…` : v) }}
                series={[{ name: 'Units per hour', color: 'indigo.6' }]}
                barChartProps={OFF}
              />
            </ChartImage>
            <FigureTable
              label="Units per operator per hour"
              head={['Operator', 'Units', 'Hours', 'Per hour']}
              rows={data.operators.map((o) => ({
                key: String(o.user_id),
                label: o.username,
                to: historyLink(scope, { user_id: o.user_id }),
                cells: [o.units, o.active_hours, o.units_per_hour.toLocaleString('en')],
              }))}
            />
          </Group>
        )}
      </Tile>

      <Tile title="Backlog now" testId="tile-backlog">
        <Group gap="xl">
          <BigNumber label="Tasks pending" value={data.backlog.pending} testId="backlog-Pending" to={tasksOf('Pending')} />
          <BigNumber label="Tasks in error" value={data.backlog.error} testId="backlog-Error" to={tasksOf('Error')} />
        </Group>
        {data.backlog.oldest ? (
          <Text size="sm">
            Oldest: {data.backlog.oldest.task_type} ({data.backlog.oldest.task_status}) since{' '}
            {formatDateTime(data.backlog.oldest.created_at)}
            {data.backlog.oldest.return_id !== null && (
              <>
                {' — '}
                <Anchor
                  component={Link}
                  to={returnViewPath({ id: data.backlog.oldest.return_id, order_id: data.backlog.oldest.order_id })}
                  size="sm"
                >
                  Return #{data.backlog.oldest.return_id}
                </Anchor>
              </>
            )}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No task is waiting or in error.
          </Text>
        )}
      </Tile>

      <ParcelsTile parcels={data.parcels} scope={scope} />

      <Tile title="Failed deliveries" testId="tile-failed" link={tasksOf('Error')} linkLabel="Open in Task Monitor">
        <Text size="sm">
          <Text span fw={700} size="xl" data-testid="failed-total">
            {n(data.failed_deliveries.total)}
          </Text>{' '}
          outbound deliver{data.failed_deliveries.total === 1 ? 'y' : 'ies'} failed in this period
        </Text>
        {data.failed_deliveries.items.length > 0 && (
          <ScrollArea.Autosize mah={160} type="auto" viewportProps={scrollRegion('Failed deliveries, newest first')}>
            <Table fz="sm" verticalSpacing={2} aria-label="Failed deliveries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Return</Table.Th>
                  <Table.Th>Account</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Failed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.failed_deliveries.items.map((f) => (
                  <Table.Tr key={f.task_id}>
                    <Table.Td>
                      {f.return_id !== null ? (
                        <Anchor component={Link} to={returnViewPath({ id: f.return_id, order_id: f.order_id })}>
                          #{f.return_id}
                        </Anchor>
                      ) : (
                        `Task #${f.task_id}`
                      )}
                    </Table.Td>
                    <Table.Td>{f.company}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="red" size="sm">
                        {f.task_type}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(f.failed_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Tile>
    </SimpleGrid>
  );
}
