// The numbers beside every dashboard chart: a small table whose first column may link to the list
// of what the row counts, and a labelled big number. One shape for every tile, so each tile says only
// what it shows.
import { Anchor, Table, Text, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { currentLocale } from '../../i18n/language';
import { formatNumber } from '../../lib/format';
import classes from './FigureTable.module.css';

export const n = (v: number) => formatNumber(v);
/** A whole percentage in the reader's language ('42%' in English, '42 %' in German). */
export const share = (part: number, whole: number) =>
  new Intl.NumberFormat(currentLocale(), { style: 'percent' }).format((whole ? Math.round((part / whole) * 100) : 0) / 100);

/** A name with a word this long (an operator's username) may not fit a handheld's column: it may break inside the word. */
const hasLongWord = (label: string) => label.split(/\s+/).some((word) => word.length > 12);

export interface FigureRow {
  key: string;
  label: string;
  /** Where the row's label links (the list of what it counts); plain text without one. */
  to?: string;
  /** The numeric cells, in the order of the table's columns after the first. */
  cells: (number | string)[];
}

export function FigureTable({
  label,
  head,
  rows,
  fz = 'sm',
  verticalSpacing = 4,
  style,
}: {
  label: string;
  /** The first column's heading, then the numeric columns'. */
  head: string[];
  rows: FigureRow[];
  fz?: TableProps['fz'];
  verticalSpacing?: TableProps['verticalSpacing'];
  style?: TableProps['style'];
}) {
  return (
    <Table fz={fz} verticalSpacing={verticalSpacing} aria-label={label} style={style ?? { flex: 1 }}>
      <Table.Thead>
        <Table.Tr>
          {head.map((h, i) => (
            <Table.Th key={h} ta={i ? 'right' : undefined}>
              {h}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key}>
            <Table.Td className={hasLongWord(r.label) ? classes.name : undefined}>
              {r.to ? (
                <Anchor component={Link} to={r.to}>
                  {r.label}
                </Anchor>
              ) : (
                r.label
              )}
            </Table.Td>
            {r.cells.map((c, i) => (
              <Table.Td key={i} ta="right">
                {typeof c === 'number' ? n(c) : c}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A labelled figure; a link to what it counts when `to` is given. */
export function BigNumber({ label, value, testId, to }: { label: string; value: number; testId: string; to?: string }): ReactNode {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {to ? (
        <Anchor component={Link} to={to} fw={700} size="xl" data-testid={testId}>
          {n(value)}
        </Anchor>
      ) : (
        <Text fw={700} size="xl" data-testid={testId}>
          {n(value)}
        </Text>
      )}
    </div>
  );
}
