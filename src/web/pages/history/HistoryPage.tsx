// Return History (SPEC §2.9): a filterable, paged list whose whole state lives in the query string,
// so a reload or a shared link shows the same page.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  LoadingOverlay,
  Pagination,
  Select,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconFileSpreadsheet, IconSearch } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import {
  BLIND_FILTERS,
  DISCREPANCY_FILTERS,
  DISCREPANCY_KINDS,
  HISTORY_MSG,
  type HistoryPage as HistoryPageData,
} from '../../../contract/history';
import { LEDGER_CONDITIONS, LIMITS } from '../../../contract/constants';
import { PARCEL_MSG } from '../../../contract/parcel-rules';
import { HistoryDownload } from './HistoryDownload';
import { HistoryMarks } from './HistoryMarks';
import { InsightFilters } from './InsightFilters';
import { returnViewPath } from '../../../contract/return-view';
import { toQueryString } from '../../api/envelope';
import { useRouteQuery } from '../../api/queries';
import type { RouteQuery } from '../../api/route-types';
import { CustomerSelect } from '../../components/CustomerSelect';
import { EmptyRow } from '../../components/table/EmptyRow';
import { ReportModal } from '../../components/report/ReportModal';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';

// tracking_number: the carrier tracking number a return arrived with (issue 11), matched exactly.
const SEARCH_KEYS = ['id', 'delivery_number', 'order_number', 'web_order_number', 'tracking_number'] as const;
type SearchKey = (typeof SEARCH_KEYS)[number];

/** The filters the dashboard's tiles link to (issue 12); '' when not set. */
const EXTRA_KEYS = ['from', 'to', 'reason', 'condition', 'user_id', 'has_photos', 'disposition', 'discrepancy'] as const;
type ExtraKey = (typeof EXTRA_KEYS)[number];
type Extra = Record<ExtraKey, string>;

interface Params {
  page: number;
  search: Record<SearchKey, string>;
  filter: { customer_id: string; is_blind: string; has_discrepancies?: string } & Extra;
}

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
function readExtra(q: URLSearchParams): Extra {
  const get = (k: ExtraKey) => (q.get(`filter[${k}]`) ?? '').slice(0, 100);
  return {
    from: isDay(get('from')) ? get('from') : '',
    to: isDay(get('to')) ? get('to') : '',
    reason: get('reason'),
    condition: (LEDGER_CONDITIONS as readonly string[]).includes(get('condition')) ? get('condition') : '',
    user_id: /^\d{1,10}$/.test(get('user_id')) ? get('user_id') : '',
    has_photos: get('has_photos') === '1' || get('has_photos') === '0' ? get('has_photos') : '',
    disposition: get('disposition').slice(0, 50),
    discrepancy: (DISCREPANCY_KINDS as readonly string[]).includes(get('discrepancy')) ? get('discrepancy') : '',
  };
}

function readParams(q: URLSearchParams): Params {
  const page = Number(q.get('page'));
  const blind = q.get('filter[is_blind]');
  const customer = q.get('filter[customer_id]') ?? '';
  const discrepancies = q.get('filter[has_discrepancies]');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: Object.fromEntries(SEARCH_KEYS.map((k) => [k, (q.get(`search[${k}]`) ?? '').slice(0, 100)])) as Record<SearchKey, string>,
    filter: {
      customer_id: /^\d+$/.test(customer) ? customer : 'All',
      is_blind: blind === '1' || blind === '0' ? blind : 'All',
      ...readExtra(q),
      // Issue 16; in the address only when set, so the SPEC's History link stays as it is.
      ...(discrepancies === '1' || discrepancies === '0' ? { has_discrepancies: discrepancies } : {}),
    },
  };
}

/** The same checks the server makes, shown under the field instead of a round trip. */
function searchErrors(search: Record<SearchKey, string>): Partial<Record<SearchKey, string>> {
  const errors: Partial<Record<SearchKey, string>> = {};
  const id = search.id.trim().replace(/^#/, '');
  if (id && !/^\d{1,10}$/.test(id)) errors.id = HISTORY_MSG.idInvalid;
  for (const k of ['delivery_number', 'order_number', 'web_order_number'] as const) {
    const v = search[k].trim();
    if (v && v.length < LIMITS.searchMinLength) errors[k] = HISTORY_MSG.referenceTooShort;
  }
  const tracking = search.tracking_number.replace(/\s+/g, '');
  if (tracking && !/^[A-Za-z0-9-]{4,64}$/.test(tracking)) errors.tracking_number = PARCEL_MSG.trackingInvalid;
  return errors;
}

/** The API's query: the same bracketed keys the address bar shows (`search[id]`, `filter[is_blind]`). */
function apiQuery(p: Params): RouteQuery<'listReturns'> {
  const query: Record<string, string | number> = { page: p.page };
  for (const k of SEARCH_KEYS) query[`search[${k}]`] = p.search[k];
  query['filter[customer_id]'] = p.filter.customer_id;
  query['filter[is_blind]'] = p.filter.is_blind;
  // The dashboard's filters only when set, so SPEC §2.9's query stays as it was without them.
  for (const k of EXTRA_KEYS) if (p.filter[k]) query[`filter[${k}]`] = p.filter[k];
  if (p.filter.has_discrepancies) query['filter[has_discrepancies]'] = p.filter.has_discrepancies;
  return query;
}

/** The URL keeps the dashboard's filters only when set. */
const urlFilter = (f: Params['filter']) =>
  Object.fromEntries(Object.entries(f).filter(([k, v]) => v !== '' || !EXTRA_KEYS.includes(k as ExtraKey)));

// Numbers stay on one line; company names and free-text references wrap at spaces and hyphens. A
// long carrier tracking number or user name may break anywhere (still whole, never cut off) so the
// table fits a 1366 px window.
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const BREAK_ANYWHERE = { overflowWrap: 'anywhere' } as const;

const EMPTY: HistoryPageData = { data: [], on_page: 1, per_page: LIMITS.historyPageSize, total_records: 0, total_pages: 0 };

export default function HistoryPage() {
  const [query, setQuery] = useSearchParams();
  const applied = readParams(query);
  const key = toQueryString({ ...applied });
  const [draft, setDraft] = useState<Params>(applied);
  const [errors, setErrors] = useState<Partial<Record<SearchKey, string>>>({});
  // History is replaced wholesale (SPEC §4); a failure leaves an empty list. The previous page
  // stays under the loading overlay while the next one is read.
  const history = useRouteQuery('listReturns', { query: apiQuery(applied) }, { placeholderData: keepPreviousData });
  const result: HistoryPageData = history.data ?? EMPTY;
  const loading = history.isFetching;
  const [reportOpen, setReportOpen] = useState(false);
  usePageTitle('Return History');

  // Back/forward and the top bar's History link change the query: the inputs follow it.
  useEffect(() => {
    setDraft(readParams(new URLSearchParams(key)));
    setErrors({});
  }, [key]);

  function go(next: Params) {
    setQuery(toQueryString({ page: next.page, search: next.search, filter: urlFilter(next.filter) }));
  }

  function search() {
    const trimmed = Object.fromEntries(SEARCH_KEYS.map((k) => [k, draft.search[k].trim()])) as Record<SearchKey, string>;
    const found = searchErrors(trimmed);
    setErrors(found);
    if (Object.keys(found).length) return;
    go({ ...draft, search: trimmed, page: 1 });
  }

  const searchInput = (k: SearchKey, label: string) => (
    <TextInput
      size="xs"
      aria-label={`Search ${label}`}
      placeholder={label}
      value={draft.search[k]}
      error={errors[k]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setDraft((d) => ({ ...d, search: { ...d.search, [k]: value } }));
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') search();
      }}
    />
  );

  return (
    <>
      <Group gap="xs" mb="md">
        <Title order={1} size="h2">
          Return History
        </Title>
        <Tooltip label="Generate Return Report">
          <ActionIcon variant="subtle" color="red" size="lg" aria-label="Generate Return Report" onClick={() => setReportOpen(true)}>
            <IconFileSpreadsheet size={26} />
          </ActionIcon>
        </Tooltip>
      </Group>

      <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
        <Group gap="sm" align="flex-end">
          <InsightFilters
            value={applied.filter}
            onChange={(extra) => go({ ...applied, page: 1, filter: { ...applied.filter, ...extra } })}
          />
          {/* Issue 16's filter; here rather than in a column of its own so the table fits 1366 px. Like
              its neighbours it applies at once (back to page 1). */}
          <Select
            size="xs"
            w={170}
            label="Discrepancies"
            aria-label="Filter Discrepancies"
            data={DISCREPANCY_FILTERS.map((b) => ({ value: b.value, label: b.label }))}
            value={applied.filter.has_discrepancies ?? 'All'}
            allowDeselect={false}
            onChange={(v) => {
              const { has_discrepancies: _drop, ...rest } = applied.filter;
              go({ ...applied, page: 1, filter: v && v !== 'All' ? { ...rest, has_discrepancies: v } : rest });
            }}
          />
        </Group>
        <HistoryDownload query={apiQuery(applied) as Record<string, string | number>} total={result.total_records} />
      </Group>

      <div style={{ position: 'relative', overflowX: 'auto' }}>
        <LoadingOverlay visible={loading} overlayProps={{ blur: 1 }} zIndex={5} />
        <Table striped highlightOnHover withTableBorder verticalSpacing={6} horizontalSpacing={6} fz={13} data-testid="history-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={NOWRAP}>Return ID</Table.Th>
              <Table.Th w={140}>Account</Table.Th>
              <Table.Th style={NOWRAP}>Delivery #</Table.Th>
              <Table.Th style={NOWRAP}>Order #</Table.Th>
              <Table.Th style={NOWRAP}>Web #</Table.Th>
              <Table.Th style={NOWRAP}>Tracking #</Table.Th>
              <Table.Th style={NOWRAP} w={85}>
                Ref 1
              </Table.Th>
              <Table.Th style={NOWRAP} w={85}>
                Ref 2
              </Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Blind</Table.Th>
              <Table.Th>Operator</Table.Th>
              <Table.Th>Action</Table.Th>
            </Table.Tr>
            <Table.Tr data-testid="history-filters">
              <Table.Th w={100}>{searchInput('id', 'Return ID')}</Table.Th>
              <Table.Th miw={130}>
                <CustomerSelect
                  size="xs"
                  label={null}
                  aria-label="Filter Account"
                  withAll
                  value={draft.filter.customer_id}
                  onChange={(v) => setDraft((d) => ({ ...d, filter: { ...d.filter, customer_id: v ?? 'All' } }))}
                />
              </Table.Th>
              <Table.Th miw={110}>{searchInput('delivery_number', 'Delivery #')}</Table.Th>
              <Table.Th miw={110}>{searchInput('order_number', 'Order #')}</Table.Th>
              <Table.Th miw={110}>{searchInput('web_order_number', 'Web #')}</Table.Th>
              <Table.Th miw={120}>{searchInput('tracking_number', 'Tracking #')}</Table.Th>
              <Table.Th />
              <Table.Th />
              <Table.Th />
              <Table.Th miw={155}>
                <Select
                  size="xs"
                  aria-label="Filter Blind"
                  data={BLIND_FILTERS.map((b) => ({ value: b.value, label: b.label }))}
                  value={draft.filter.is_blind}
                  allowDeselect={false}
                  onChange={(v) => setDraft((d) => ({ ...d, filter: { ...d.filter, is_blind: v ?? 'All' } }))}
                />
              </Table.Th>
              <Table.Th colSpan={2} style={{ textAlign: 'right' }}>
                <Button size="xs" leftSection={<IconSearch size={14} />} onClick={search}>
                  Search
                </Button>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.data.map((r) => (
              <Table.Tr key={r.id} data-testid="history-row" data-id={r.id}>
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
                <Table.Td>{r.reference_1}</Table.Td>
                <Table.Td>{r.reference_2}</Table.Td>
                <Table.Td style={NOWRAP}>{formatDate(r.return_date)}</Table.Td>
                <Table.Td>
                  <Badge color={r.is_blind ? 'orange' : 'gray'} variant="light" data-testid="blind-badge">
                    {r.is_blind ? 'Y' : 'N'}
                  </Badge>
                </Table.Td>
                <Table.Td style={BREAK_ANYWHERE}>{r.username}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={returnViewPath(r)} size="sm">
                    View
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
            {!loading && result.data.length === 0 && (
              <EmptyRow colSpan={12} py="md">
                No returns match.
              </EmptyRow>
            )}
          </Table.Tbody>
        </Table>
      </div>

      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed" data-testid="history-total">
          {result.total_records.toLocaleString('en')} return{result.total_records === 1 ? '' : 's'}
        </Text>
        {result.total_pages > 1 && (
          <Pagination
            total={result.total_pages}
            value={applied.page}
            siblings={1}
            boundaries={1}
            onChange={(page) => go({ ...applied, page })}
            aria-label="History pages"
          />
        )}
      </Group>

      <ReportModal opened={reportOpen} onClose={() => setReportOpen(false)} customerId={applied.filter.customer_id} />
    </>
  );
}
