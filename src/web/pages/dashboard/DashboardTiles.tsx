import { Anchor, Badge, Group, ScrollArea, SimpleGrid, Table, Text } from '@mantine/core';
import { BarChart, DonutChart } from '@mantine/charts';
import { Link } from 'react-router';
import type { DashboardAnswer } from '../../../contract/dashboard';
import { returnViewPath } from '../../../contract/return-view';
import { formatDateTime } from '../../lib/format';
import { ChartImage, NoData, Tile } from './ChartFrame';
import { historyLink, taskMonitorLink, type DashboardScope } from './dashboard-links';

const n = (v: number) => v.toLocaleString('en');
const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.6', 'pink.6', 'indigo.6', 'yellow.6'];
const OFF = { accessibilityLayer: false } as const;
/** A scrolled list is reachable from the keyboard (WCAG 2.1.1): focusable, named as a region. */
const scrollRegion = (label: string) => ({ tabIndex: 0, role: 'region', 'aria-label': label });

export function DashboardTiles({ data, scope, isAdmin }: { data: DashboardAnswer; scope: DashboardScope; isAdmin: boolean }) {
  const dayLabel = (day: string) => day.slice(5);
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
              <div>
                <Text size="xs" c="dimmed">
                  Returns
                </Text>
                <Text fw={700} size="xl" data-testid="total-returns">
                  {n(data.totals.returns)}
                </Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  Units
                </Text>
                <Text fw={700} size="xl" data-testid="total-units">
                  {n(data.totals.units)}
                </Text>
              </div>
            </Group>
            <ScrollArea.Autosize mah={150} type="auto" offsetScrollbars viewportProps={scrollRegion('Returns and units per day, by day')}>
              <Table fz="xs" verticalSpacing={2} withRowBorders={false} aria-label="Returns and units per day">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Day</Table.Th>
                    <Table.Th ta="right">Returns</Table.Th>
                    <Table.Th ta="right">Units</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...data.days].reverse().map((d) => (
                    <Table.Tr key={d.day}>
                      <Table.Td>{d.day}</Table.Td>
                      <Table.Td ta="right">{n(d.returns)}</Table.Td>
                      <Table.Td ta="right">{n(d.units)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </div>
        </Group>
      </Tile>

      <MixTile
        title="Reasons"
        testId="tile-reasons"
        scope={scope}
        rows={data.reasons}
        link={(key) => historyLink(scope, { reason: key })}
      />
      <MixTile
        title="Conditions"
        testId="tile-conditions"
        scope={scope}
        rows={data.conditions}
        link={(key) => historyLink(scope, { condition: key })}
      />

      <Tile title="Blind and order-based" link={historyLink(scope)} testId="tile-kinds">
        {data.totals.returns === 0 ? (
          <NoData />
        ) : (
          <Group gap="lg" wrap="nowrap" align="center">
            <ChartImage label="Donut chart of blind and order-based returns; the numbers are beside it" height={160}>
              <DonutChart
                size={140}
                thickness={26}
                data={[
                  { name: 'Order-based', value: data.kinds.order.returns, color: 'blue.6' },
                  { name: 'Blind', value: data.kinds.blind.returns, color: 'orange.6' },
                ]}
                pieChartProps={OFF}
              />
            </ChartImage>
            <Table fz="sm" verticalSpacing={4} aria-label="Blind and order-based returns" style={{ flex: 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th ta="right">Returns</Table.Th>
                  <Table.Th ta="right">Units</Table.Th>
                  <Table.Th ta="right">Share</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(
                  [
                    ['Order-based', data.kinds.order, '0'],
                    ['Blind', data.kinds.blind, '1'],
                  ] as const
                ).map(([label, k, flag]) => (
                  <Table.Tr key={label}>
                    <Table.Td>
                      <Anchor component={Link} to={historyLink(scope, { is_blind: flag })}>
                        {label}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{n(k.returns)}</Table.Td>
                    <Table.Td ta="right">{n(k.units)}</Table.Td>
                    <Table.Td ta="right">{Math.round((k.returns / data.totals.returns) * 100)}%</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Group>
        )}
      </Tile>

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
            <Table fz="sm" verticalSpacing={4} aria-label="Units per operator per hour" style={{ flex: 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Operator</Table.Th>
                  <Table.Th ta="right">Units</Table.Th>
                  <Table.Th ta="right">Hours</Table.Th>
                  <Table.Th ta="right">Per hour</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.operators.map((o) => (
                  <Table.Tr key={o.user_id}>
                    <Table.Td>
                      <Anchor component={Link} to={historyLink(scope, { user_id: o.user_id })}>
                        {o.username}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{n(o.units)}</Table.Td>
                    <Table.Td ta="right">{n(o.active_hours)}</Table.Td>
                    <Table.Td ta="right">{o.units_per_hour.toLocaleString('en')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Group>
        )}
      </Tile>

      <Tile title="Backlog now" testId="tile-backlog">
        <Group gap="xl">
          {(['Pending', 'Error'] as const).map((status) => {
            const count = status === 'Pending' ? data.backlog.pending : data.backlog.error;
            const label = `${status === 'Pending' ? 'Tasks pending' : 'Tasks in error'}`;
            return (
              <div key={status}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                {isAdmin ? (
                  <Anchor component={Link} to={taskMonitorLink(status)} fw={700} size="xl" data-testid={`backlog-${status}`}>
                    {n(count)}
                  </Anchor>
                ) : (
                  <Text fw={700} size="xl" data-testid={`backlog-${status}`}>
                    {n(count)}
                  </Text>
                )}
              </div>
            );
          })}
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

      <Tile
        title="Failed deliveries"
        testId="tile-failed"
        link={isAdmin ? taskMonitorLink('Error') : undefined}
        linkLabel="Open in Task Monitor"
      >
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

function MixTile({
  title,
  testId,
  scope,
  rows,
  link,
}: {
  title: string;
  testId: string;
  scope: DashboardScope;
  rows: DashboardAnswer['reasons'];
  link: (key: string) => string;
}) {
  const units = rows.reduce((s, r) => s + r.units, 0);
  return (
    <Tile title={title} link={historyLink(scope)} testId={testId}>
      {rows.length === 0 ? (
        <NoData />
      ) : (
        <Group gap="lg" wrap="nowrap" align="center">
          <ChartImage label={`Donut chart of units by ${title.toLowerCase()}; the numbers are beside it`} height={160}>
            <DonutChart
              size={140}
              thickness={26}
              data={rows.map((r, i) => ({ name: r.label, value: r.units, color: COLORS[i % COLORS.length]! }))}
              pieChartProps={OFF}
            />
          </ChartImage>
          <Table fz="sm" verticalSpacing={4} aria-label={title} style={{ flex: 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{title.replace(/s$/, '')}</Table.Th>
                <Table.Th ta="right">Lines</Table.Th>
                <Table.Th ta="right">Units</Table.Th>
                <Table.Th ta="right">Share</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Td>
                    <Anchor component={Link} to={link(r.key)}>
                      {r.label}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{n(r.lines)}</Table.Td>
                  <Table.Td ta="right">{n(r.units)}</Table.Td>
                  <Table.Td ta="right">{units ? Math.round((r.units / units) * 100) : 0}%</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Group>
      )}
    </Tile>
  );
}
