// Return History (SPEC §2.9): a filterable, paged list whose whole state lives in the query string,
// so a reload or a shared link shows the same page.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ActionIcon, Button, Group, LoadingOverlay, Pagination, Select, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconFileSpreadsheet, IconSearch } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { BLIND_FILTERS, DISCREPANCY_FILTERS, type HistoryPage as HistoryPageData } from '../../../contract/history';
import { LIMITS } from '../../../contract/constants';
import { HistoryDownload } from './HistoryDownload';
import { apiQuery, readParams, searchErrors, SEARCH_KEYS, urlFilter, type Params, type SearchKey } from './history-params';
import { HistoryRow, NOWRAP } from './HistoryRow';
import { InsightFilters } from './InsightFilters';
import { toQueryString } from '../../api/envelope';
import { useRouteQuery } from '../../api/queries';
import { CustomerSelect } from '../../components/CustomerSelect';
import { EmptyRow } from '../../components/table/EmptyRow';
import { ReportModal } from '../../components/report/ReportModal';
import { usePageTitle } from '../../lib/page-title';

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
              <HistoryRow key={r.id} row={r} />
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
