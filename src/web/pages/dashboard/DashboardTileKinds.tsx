// The dashboard's tiles of one kind each: a split by a key (reasons, conditions, dispositions), a
// split two ways, the waiting parcels by age. Each is a donut with its numbers in a table beside it
// (below it when the tile is too narrow for both, on a handheld).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Group, Text } from '@mantine/core';
import { DonutChart } from '@mantine/charts';
import type { DashboardAnswer } from '../../../contract/dashboard';
import { formatDateTime, formatNumber } from '../../lib/format';
import { ChartImage, NoData, Tile } from './ChartFrame';
import { BigNumber, FigureTable, share } from './FigureTable';
import { historyLink, parcelsLink, type DashboardScope, type HistoryExtra } from './dashboard-links';

const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.6', 'pink.6', 'indigo.6', 'yellow.6'];
/** Recharts' own keyboard layer is off: the chart is an image, its numbers are in the table. */
export const OFF = { accessibilityLayer: false } as const;

type KeyFigures = DashboardAnswer['reasons'];

/** A donut of a few shares, described for screen readers (the numbers are in the table beside it). */
function Donut({ label, data }: { label: string; data: { name: string; value: number; color: string }[] }) {
  const { t } = useLingui();
  return (
    <ChartImage label={t`Donut chart of ${label}; the numbers are beside it`} height={160} width={140}>
      <DonutChart size={140} thickness={26} data={data} pieChartProps={OFF} valueFormatter={(v) => formatNumber(v)} />
    </ChartImage>
  );
}

/** Lines and units by a key (reasons, conditions, dispositions, discrepancies): a donut and its table. */
export function MixTile({
  title,
  chartLabel,
  keyHead,
  testId,
  scope,
  rows,
  link,
  rowLabel = (r) => r.label,
  note,
}: {
  title: string;
  /** What the donut shows, for screen readers ("units by reason"). */
  chartLabel: string;
  /** The heading of the key column ("Reason"). */
  keyHead: string;
  testId: string;
  scope: DashboardScope;
  rows: KeyFigures;
  /** The History filter of one row; none when the row cannot be filtered to. */
  link: (key: string) => HistoryExtra | undefined;
  /** A row's words: the server's label unless the key is one of the spec's fixed values. */
  rowLabel?: (row: KeyFigures[number]) => string;
  note?: string;
}) {
  const { t } = useLingui();
  const units = rows.reduce((s, r) => s + r.units, 0);
  return (
    <Tile title={title} link={historyLink(scope)} testId={testId}>
      {rows.length === 0 ? (
        <NoData />
      ) : (
        <>
          <Group gap="lg" wrap="wrap" align="center">
            <Donut
              label={chartLabel}
              data={rows.map((r, i) => ({ name: rowLabel(r), value: r.units, color: COLORS[i % COLORS.length]! }))}
            />
            <FigureTable
              label={title}
              head={[keyHead, t`Lines`, t`Units`, t`Share`]}
              rows={rows.map((r) => {
                const filter = link(r.key);
                return {
                  key: r.key,
                  label: rowLabel(r),
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
  chartLabel,
  testId,
  scope,
  head,
  total,
  rows,
}: {
  title: string;
  /** What the donut shows, for screen readers ("blind and order-based"). */
  chartLabel: string;
  testId: string;
  scope: DashboardScope;
  head: string;
  total: number;
  rows: { label: string; returns: number; units?: number; filter: HistoryExtra }[];
}) {
  const { t } = useLingui();
  const withUnits = rows.every((r) => r.units !== undefined);
  return (
    <Tile title={title} link={historyLink(scope)} testId={testId}>
      {total === 0 ? (
        <NoData />
      ) : (
        <Group gap="lg" wrap="wrap" align="center">
          <Donut label={chartLabel} data={rows.map((r, i) => ({ name: r.label, value: r.returns, color: i ? 'orange.6' : 'blue.6' }))} />
          <FigureTable
            label={title}
            head={[head, t`Returns`, ...(withUnits ? [t`Units`] : []), t`Share`]}
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

const AGE_ROWS: { level: 'fresh' | 'amber' | 'red'; label: MessageDescriptor; color: string }[] = [
  { level: 'fresh', label: msg`Fresh`, color: 'teal.6' },
  { level: 'amber', label: msg`Amber (waiting long)`, color: 'yellow.6' },
  { level: 'red', label: msg`Red (overdue)`, color: 'red.6' },
];

/** Unknown parcels waiting now, by age against their customer's amber/red limits. */
export function ParcelsTile({ parcels, scope }: { parcels: DashboardAnswer['parcels']; scope: DashboardScope }) {
  const { t } = useLingui();
  const oldest = formatDateTime(parcels.oldest_received_at);
  return (
    <Tile title={t`Unknown parcels waiting`} link={parcelsLink(scope)} linkLabel={t`Open in Parcels`} testId="tile-parcels">
      <Group gap="xl">
        <BigNumber label={t`Waiting now`} value={parcels.waiting} testId="parcels-waiting" to={parcelsLink(scope)} />
        <Text size="sm" c={parcels.oldest_received_at ? undefined : 'dimmed'}>
          {parcels.oldest_received_at ? t`Oldest since ${oldest}` : t`No parcel is waiting.`}
        </Text>
      </Group>
      {parcels.waiting > 0 && (
        <Group gap="lg" wrap="wrap" align="center">
          <Donut
            label={t`waiting parcels by age`}
            data={AGE_ROWS.map((a) => ({ name: t(a.label), value: parcels[a.level], color: a.color }))}
          />
          <FigureTable
            label={t`Unknown parcels waiting by age`}
            head={[t`Age`, t`Parcels`, t`Share`]}
            rows={AGE_ROWS.map((a) => ({
              key: a.level,
              label: t(a.label),
              to: parcelsLink(scope, a.level),
              cells: [parcels[a.level], share(parcels[a.level], parcels.waiting)],
            }))}
          />
        </Group>
      )}
    </Tile>
  );
}
