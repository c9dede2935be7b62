// One return of the History list (SPEC §2.9): its ids and marks, references, date, blind or not, operator, View.
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Group, Table } from '@mantine/core';
import { Link } from 'react-router';
import type { HistoryPage } from '../../../contract/history';
import { returnViewPath } from '../../../contract/return-view';
import { formatDate } from '../../lib/format';
import { HistoryMarks } from './HistoryMarks';

// Numbers stay on one line; company names and free-text references wrap at spaces and hyphens. A
// long carrier tracking number, reference (up to 100 characters without a space, issue 28) or user name may break anywhere (still whole, never cut off) so the
// table fits a 1366 px window.
export const NOWRAP = { whiteSpace: 'nowrap' } as const;
const BREAK_ANYWHERE = { overflowWrap: 'anywhere' } as const;

export function HistoryRow({ row: r }: { row: HistoryPage['data'][number] }) {
  const { t } = useLingui();
  return (
    <Table.Tr data-testid="history-row" data-id={r.id}>
      <Table.Td style={NOWRAP}>
        <Group gap={6} wrap="nowrap">
          {r.id}
          <HistoryMarks row={r} />
        </Group>
      </Table.Td>
      <Table.Td>{r.company}</Table.Td>
      <Table.Td style={NOWRAP}>{r.delivery_number}</Table.Td>
      <Table.Td style={NOWRAP}>{r.order_number}</Table.Td>
      <Table.Td style={NOWRAP}>{r.web_order_number}</Table.Td>
      <Table.Td style={BREAK_ANYWHERE}>{r.tracking_number}</Table.Td>
      <Table.Td style={BREAK_ANYWHERE}>{r.reference_1}</Table.Td>
      <Table.Td style={BREAK_ANYWHERE}>{r.reference_2}</Table.Td>
      <Table.Td style={NOWRAP}>{formatDate(r.return_date)}</Table.Td>
      <Table.Td>
        <Badge color={r.is_blind ? 'orange' : 'gray'} variant="light" data-testid="blind-badge">
          {r.is_blind
            ? t({ message: 'Y', comment: 'Yes: a blind return (one letter)' })
            : t({ message: 'N', comment: 'No: not a blind return (one letter)' })}
        </Badge>
      </Table.Td>
      <Table.Td style={BREAK_ANYWHERE}>{r.username}</Table.Td>
      <Table.Td>
        <Anchor component={Link} to={returnViewPath(r)} size="sm">
          <Trans>View</Trans>
        </Anchor>
      </Table.Td>
    </Table.Tr>
  );
}
