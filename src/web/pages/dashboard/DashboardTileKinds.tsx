// The dashboard's tiles of one kind each: a split by a key (reasons, conditions, dispositions), a
// split two ways, the waiting parcels by age. Each is a donut with its numbers in a table beside it.
import { Group, Text } from '@mantine/core';
import { DonutChart } from '@mantine/charts';
import type { DashboardAnswer } from '../../../contract/dashboard';
import { formatDateTime } from '../../lib/format';
import { ChartImage, NoData, Tile } from './ChartFrame';
import { BigNumber, FigureTable, share } from './FigureTable';
import { historyLink, parcelsLink, type DashboardScope, type HistoryExtra } from './dashboard-links';

const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.6', 'pink.6', 'indigo.6', 'yellow.6'];
/** Recharts' own keyboard layer is off: the chart is an image, its numbers are in the table. */
export const OFF = { accessibilityLayer: false } as const;

type KeyFigures = DashboardAnswer['reasons'];

/** A donut of a few shares, described for screen readers (the numbers are in the table beside it). */
function Donut({ label, data }: { label: string; data: { name: string; value: number; color: string }[] }) {
  return (
    <ChartImage label={`Donut chart of ${label}; the numbers are beside it`} height={160}>
      <DonutChart size={140} thickness={26} data={data} pieChartProps={OFF} />
    </ChartImage>
  );
}

/** Lines and units by a key (reasons, conditions, dispositions, discrepancies): a donut and its table. */
export function MixTile({
  title,
  testId,
  scope,
  rows,
  link,
  note,
}: {
  title: string;
  testId: string;
  scope: DashboardScope;
  rows: KeyFigures;
  /** The History filter of one row; none when the row cannot be filtered to. */
  link: (key: string) => HistoryExtra | undefined;
  note?: string;
}) {
  const units = rows.reduce((s, r) => s + r.units, 0);
  const label = title.toLowerCase();
  return (
    <Tile title={title} link={historyLink(scope)} testId={testId}>
      {rows.length === 0 ? (
        <NoData />
      ) : (
        <>
          <Group gap="lg" wrap="nowrap" align="center">
            <Donut
              label={`units by ${label}`}
              data={rows.map((r, i) => ({ name: r.label, value: r.units, color: COLORS[i % COLORS.length]! }))}
            />
            <FigureTable
              label={title}
              head={[title.replace(/ies$/, 'y').replace(/s$/, ''), 'Lines', 'Units', 'Share']}
              rows={rows.map((r) => {
                const filter = link(r.key);
                return {
                  key: r.key,
                  label: r.label,
                  to: filter ? historyLink(scope, filter) : undefined,
                  cells: [r.lines, r.units, share(r.units, units)],
                };
              })}
            />
          </Group>
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
        </>
      )}
    </Tile>
  );
}

/** Returns split two ways (blind or not, with photos or not): a donut and its table. */
export function TwoWayTile({
  title,
  testId,
  scope,
  head,
  total,
  rows,
}: {
  title: string;
  testId: string;
  scope: DashboardScope;
  head: string;
  total: number;
  rows: { label: string; returns: number; units?: number; filter: HistoryExtra }[];
}) {
  const withUnits = rows.every((r) => r.units !== undefined);
  return (
    <Tile title={title} link={historyLink(scope)} testId={testId}>
      {total === 0 ? (
        <NoData />
      ) : (
        <Group gap="lg" wrap="nowrap" align="center">
          <Donut
            label={title.toLowerCase()}
            data={rows.map((r, i) => ({ name: r.label, value: r.returns, color: i ? 'orange.6' : 'blue.6' }))}
          />
          <FigureTable
            label={title}
            head={[head, 'Returns', ...(withUnits ? ['Units'] : []), 'Share']}
            rows={rows.map((r) => ({
              key: r.label,
              label: r.label,
              to: historyLink(scope, r.filter),
              cells: [r.returns, ...(withUnits ? [r.units!] : []), share(r.returns, total)],
            }))}
          />
        </Group>
      )}
    </Tile>
  );
}

const AGE_ROWS = [
  { level: 'fresh', label: 'Fresh', color: 'teal.6' },
  { level: 'amber', label: 'Amber (waiting long)', color: 'yellow.6' },
  { level: 'red', label: 'Red (overdue)', color: 'red.6' },
] as const;

/** Unknown parcels waiting now, by age against their customer's amber/red limits. */
export function ParcelsTile({ parcels, scope }: { parcels: DashboardAnswer['parcels']; scope: DashboardScope }) {
  return (
    <Tile title="Unknown parcels waiting" link={parcelsLink(scope)} linkLabel="Open in Parcels" testId="tile-parcels">
      <Group gap="xl">
        <BigNumber label="Waiting now" value={parcels.waiting} testId="parcels-waiting" to={parcelsLink(scope)} />
        <Text size="sm" c={parcels.oldest_received_at ? undefined : 'dimmed'}>
          {parcels.oldest_received_at ? `Oldest since ${formatDateTime(parcels.oldest_received_at)}` : 'No parcel is waiting.'}
        </Text>
      </Group>
      {parcels.waiting > 0 && (
        <Group gap="lg" wrap="nowrap" align="center">
          <Donut label="waiting parcels by age" data={AGE_ROWS.map((a) => ({ name: a.label, value: parcels[a.level], color: a.color }))} />
          <FigureTable
            label="Unknown parcels waiting by age"
            head={['Age', 'Parcels', 'Share']}
            rows={AGE_ROWS.map((a) => ({
              key: a.level,
              label: a.label,
              to: parcelsLink(scope, a.level),
              cells: [parcels[a.level], share(parcels[a.level], parcels.waiting)],
            }))}
          />
        </Group>
      )}
    </Tile>
  );
}
