// Return History (SPEC §2.9): a filterable, paged list whose whole state lives in the query string,
// so a reload or a shared link shows the same page.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ActionIcon, Button, Group, LoadingOverlay, Pagination, Select, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { ScrollBox } from '../../components/table/ScrollBox';
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
import { AWAITING_FILTER_LABEL, BLIND_FILTER_LABEL, DISCREPANCY_FILTER_LABEL, GRADE_LABEL } from './labels';
import { GRADES } from '../../../contract/inspection-rules';

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
  const { t } = useLingui();
  usePageTitle(t`Return History`);

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

  const total = result.total_records;
  const [returnId, deliveryNo, orderNo, webNo, trackingNo] = [t`Return ID`, t`Delivery #`, t`Order #`, t`Web #`, t`Tracking #`];
  const searchInput = (k: SearchKey, label: string) => (
    <TextInput
      size="xs"
      aria-label={t`Search ${label}`}
      // The column head above names the field (a placeholder repeating it was cut in a narrow column in a
      // longer language); the magnifier says it searches.
      leftSection={<IconSearch size={12} aria-hidden />}
      leftSectionWidth={22}
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
          <Trans>Return History</Trans>
        </Title>
        <Tooltip label={t`Generate Return Report`}>
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={t`Generate Return Report`} onClick={() => setReportOpen(true)}>
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
            label={t`Discrepancies`}
            aria-label={t`Filter Discrepancies`}
            data={DISCREPANCY_FILTERS.map((b) => ({ value: b.value, label: t(DISCREPANCY_FILTER_LABEL[b.value]!) }))}
            value={applied.filter.has_discrepancies ?? 'All'}
            allowDeselect={false}
            onChange={(v) => {
              const { has_discrepancies: _drop, ...rest } = applied.filter;
              go({ ...applied, page: 1, filter: v && v !== 'All' ? { ...rest, has_discrepancies: v } : rest });
            }}
          />
          {/* Issue 25: returns with lines waiting for the brand's decision. */}
          <Select
            size="xs"
            w={170}
            label={t`Brand's decision`}
            aria-label={t`Filter Brand's decision`}
            data={['All', '1', '0'].map((v) => ({ value: v, label: t(AWAITING_FILTER_LABEL[v]!) }))}
            value={applied.filter.awaiting_decision ?? 'All'}
            allowDeselect={false}
            onChange={(v) => {
              const { awaiting_decision: _drop, ...rest } = applied.filter;
              go({ ...applied, page: 1, filter: v && v !== 'All' ? { ...rest, awaiting_decision: v } : rest });
            }}
          />
          {/* Issue 27: returns with a line of this grade. */}
          <Select
            size="xs"
            w={150}
            label={t`Grade`}
            aria-label={t`Filter Grade`}
            data={[
              { value: '', label: t({ message: 'All', context: 'returns' }) },
              ...GRADES.map((g) => ({ value: g, label: t(GRADE_LABEL[g]!) })),
            ]}
            value={applied.filter.grade}
            allowDeselect={false}
            onChange={(v) => go({ ...applied, page: 1, filter: { ...applied.filter, grade: v ?? '' } })}
          />
        </Group>
        <HistoryDownload query={apiQuery(applied) as Record<string, string | number>} total={result.total_records} />
      </Group>

      <ScrollBox label={t`Return History`} keyColumn={1}>
        <LoadingOverlay visible={loading} overlayProps={{ blur: 1 }} zIndex={5} />
        <Table striped highlightOnHover withTableBorder verticalSpacing={6} horizontalSpacing={6} fz={13} data-testid="history-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={NOWRAP}>{returnId}</Table.Th>
              <Table.Th w={140}>
                <Trans>Account</Trans>
              </Table.Th>
              <Table.Th style={NOWRAP}>{deliveryNo}</Table.Th>
              <Table.Th style={NOWRAP}>{orderNo}</Table.Th>
              <Table.Th style={NOWRAP}>{webNo}</Table.Th>
              <Table.Th style={NOWRAP}>{trackingNo}</Table.Th>
              <Table.Th style={NOWRAP} w={85}>
                <Trans>Ref 1</Trans>
              </Table.Th>
              <Table.Th style={NOWRAP} w={85}>
                <Trans>Ref 2</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Date</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Blind</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Operator</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Action</Trans>
              </Table.Th>
            </Table.Tr>
            <Table.Tr data-testid="history-filters">
              <Table.Th w={100}>{searchInput('id', returnId)}</Table.Th>
              <Table.Th miw={130}>
                <CustomerSelect
                  size="xs"
                  label={null}
                  aria-label={t`Filter Account`}
                  withAll
                  value={draft.filter.customer_id}
                  onChange={(v) => setDraft((d) => ({ ...d, filter: { ...d.filter, customer_id: v ?? 'All' } }))}
                />
              </Table.Th>
              <Table.Th miw={110}>{searchInput('delivery_number', deliveryNo)}</Table.Th>
              <Table.Th miw={110}>{searchInput('order_number', orderNo)}</Table.Th>
              <Table.Th miw={110}>{searchInput('web_order_number', webNo)}</Table.Th>
              <Table.Th miw={120}>{searchInput('tracking_number', trackingNo)}</Table.Th>
              <Table.Th />
              <Table.Th />
              <Table.Th />
              <Table.Th miw={155}>
                <Select
                  size="xs"
                  aria-label={t`Filter Blind`}
                  data={BLIND_FILTERS.map((b) => ({ value: b.value, label: t(BLIND_FILTER_LABEL[b.value]!) }))}
                  value={draft.filter.is_blind}
                  allowDeselect={false}
                  onChange={(v) => setDraft((d) => ({ ...d, filter: { ...d.filter, is_blind: v ?? 'All' } }))}
                />
              </Table.Th>
              <Table.Th colSpan={2} style={{ textAlign: 'right' }}>
                <Button size="xs" leftSection={<IconSearch size={14} />} onClick={search}>
                  <Trans>Search</Trans>
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
                <Trans>No returns match.</Trans>
              </EmptyRow>
            )}
          </Table.Tbody>
        </Table>
      </ScrollBox>

      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed" data-testid="history-total">
          {t`${plural(total, { one: '# return', other: '# returns' })}`}
        </Text>
        {result.total_pages > 1 && (
          <Pagination
            total={result.total_pages}
            value={applied.page}
            siblings={1}
            boundaries={1}
            onChange={(page) => go({ ...applied, page })}
            aria-label={t`History pages`}
          />
        )}
      </Group>

      <ReportModal opened={reportOpen} onClose={() => setReportOpen(false)} customerId={applied.filter.customer_id} />
    </>
  );
}
