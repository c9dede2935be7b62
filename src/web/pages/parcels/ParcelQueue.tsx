import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, LoadingOverlay, Pagination, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { ScrollBox } from '../../components/table/ScrollBox';
import { keepPreviousData } from '@tanstack/react-query';
import { PARCEL_STATES } from '../../../contract/parcel-rules';
import type { ParcelPage, ParcelView } from '../../../contract/parcels';
import { useRouteQuery } from '../../api/queries';
import type { RouteQuery } from '../../api/route-types';
import { CustomerSelect } from '../../components/CustomerSelect';
import { EmptyRow } from '../../components/table/EmptyRow';
import { formatDateTime } from '../../lib/format';
import { AgeBadge } from '../../components/parcel/AgeBadge';
import { labelOf, STATE_LABEL } from './labels';

export interface QueueFilters {
  page: number;
  customer_id: string;
  state: string;
  age: string;
}

/** Filter codes of the API (no filter; the state a new parcel is in). */
const ALL = 'All';
const WAITING = 'Waiting';

export const DEFAULT_FILTERS: QueueFilters = { page: 1, customer_id: ALL, state: WAITING, age: ALL };

const STATE_OPTIONS: { value: string; label: MessageDescriptor }[] = [
  ...PARCEL_STATES.map((s) => ({ value: s, label: STATE_LABEL[s]! })),
  { value: ALL, label: msg`All states` },
];
const AGE_OPTIONS: { value: string; label: MessageDescriptor }[] = [
  { value: ALL, label: msg`Any age` },
  { value: 'fresh', label: msg`Fresh` },
  { value: 'amber', label: msg`Amber` },
  { value: 'red', label: msg`Red` },
];
const STATE_COLOR = { Waiting: 'blue', Matched: 'green', Converted: 'teal', Closed: 'gray' } as const;

const EMPTY: ParcelPage = { data: [], on_page: 1, per_page: 50, total_records: 0, total_pages: 0 };
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const NO_CUSTOMER = { value: 'none', label: msg`No customer yet` };

export function StateBadge({ state }: { state: ParcelView['state'] }) {
  const { t } = useLingui();
  return (
    <Badge color={STATE_COLOR[state]} variant="light">
      {labelOf(STATE_LABEL, state, (d) => t(d))}
    </Badge>
  );
}

/** The queue of parcels, oldest first, with their age against the customer's limits. */
export function ParcelQueue(props: {
  filters: QueueFilters;
  onFilters: (f: QueueFilters) => void;
  onOpen: (parcel: ParcelView) => void;
  /** Offer the parcels of no customer (staff); a brand user never sees those. */
  withUnassigned?: boolean;
}) {
  const { filters, onFilters } = props;
  const { t } = useLingui();
  const options = (list: { value: string; label: MessageDescriptor }[]) => list.map((o) => ({ value: o.value, label: t(o.label) }));
  const query = useRouteQuery(
    'listParcels',
    // The values come from the selects below (or a hand-edited address, which the server answers with a 422).
    { query: { ...filters } as RouteQuery<'listParcels'> },
    { placeholderData: keepPreviousData },
  );
  const result = query.data ?? EMPTY;
  const total = result.total_records;
  const set = (patch: Partial<QueueFilters>) => onFilters({ ...filters, page: 1, ...patch });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="queue-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h4" id="queue-title">
            <Trans>Parcels waiting</Trans>
          </Title>
          <Group gap="xs" align="flex-end">
            <CustomerSelect
              size="xs"
              label={t`Customer`}
              w={190}
              data-testid="queue-customer"
              withAll
              extra={props.withUnassigned === false ? [] : options([NO_CUSTOMER])}
              value={filters.customer_id}
              onChange={(v) => set({ customer_id: v ?? 'All' })}
            />
            <Select
              size="xs"
              label={t`State`}
              w={130}
              data={options(STATE_OPTIONS)}
              allowDeselect={false}
              value={filters.state}
              onChange={(v) => set({ state: v ?? 'Waiting' })}
            />
            <Select
              size="xs"
              label={t`Age`}
              w={110}
              data={options(AGE_OPTIONS)}
              allowDeselect={false}
              value={filters.age}
              onChange={(v) => set({ age: v ?? 'All' })}
            />
          </Group>
        </Group>
        <ScrollBox label={t`Parcels`} keyColumn={1}>
          <LoadingOverlay visible={query.isFetching} overlayProps={{ blur: 1 }} zIndex={5} />
          <Table striped highlightOnHover withTableBorder verticalSpacing={6} data-testid="parcel-queue">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Trans>Age</Trans>
                </Table.Th>
                <Table.Th style={NOWRAP}>
                  <Trans>Tracking #</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Customer</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Sender</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Shelf</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Received</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>State</Trans>
                </Table.Th>
                <Table.Th>
                  <Trans>Action</Trans>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.data.map((p) => {
                const tracking = p.tracking_number;
                return (
                  <Table.Tr key={p.id} data-testid="parcel-row" data-id={p.id}>
                    <Table.Td style={NOWRAP}>
                      <AgeBadge parcel={p} />
                    </Table.Td>
                    <Table.Td style={NOWRAP}>{p.tracking_number}</Table.Td>
                    <Table.Td>
                      {p.company ?? (
                        <Text span c="dimmed" size="sm">
                          <Trans>Unknown</Trans>
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{p.sender_name}</Table.Td>
                    <Table.Td style={NOWRAP}>{p.location}</Table.Td>
                    <Table.Td style={NOWRAP}>{formatDateTime(p.received_at)}</Table.Td>
                    <Table.Td>
                      <StateBadge state={p.state} />
                    </Table.Td>
                    <Table.Td>
                      <Button size="compact-sm" variant="light" aria-label={t`Open ${tracking}`} onClick={() => props.onOpen(p)}>
                        <Trans>Open</Trans>
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {!query.isFetching && result.data.length === 0 && (
                <EmptyRow colSpan={8} py="md">
                  <Trans>No parcels match.</Trans>
                </EmptyRow>
              )}
            </Table.Tbody>
          </Table>
        </ScrollBox>
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="parcel-total">
            {t`${plural(total, { one: '# parcel', other: '# parcels' })}`}
          </Text>
          {result.total_pages > 1 && (
            <Pagination
              total={result.total_pages}
              value={filters.page}
              siblings={1}
              boundaries={1}
              onChange={(page) => onFilters({ ...filters, page })}
              aria-label={t`Parcel pages`}
            />
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
