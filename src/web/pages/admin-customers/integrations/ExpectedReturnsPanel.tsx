import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Badge, Button, Group, NumberInput, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EXPECTED_LIST_STATUSES, type ExpectedListStatus } from '../../../../contract/expected-returns';
import { useRouteMutation, useRouteQuery } from '../../../api/queries';
import { EmptyRow } from '../../../components/table/EmptyRow';
import { formatDateTime } from '../../../lib/format';
import { EXPECTED_STATUS_COLORS, EXPECTED_STATUS_LABELS, expectedStatusOf } from './integration-labels';
import { ExpectedUpload } from './ExpectedUpload';

/** A customer's expected returns (pre-advice, issue 26): by status, the upload, and after how many days one is overdue. */
export function ExpectedReturnsPanel({ customerId }: { customerId: number }) {
  const { t, i18n } = useLingui();
  const [status, setStatus] = useState<ExpectedListStatus | 'all'>('all');
  const query = useRouteQuery('listExpectedReturns', {
    params: { id: customerId },
    query: status === 'all' ? {} : { status },
  });
  const data = query.data;
  const rows = data?.expected_returns ?? [];
  const [days, setDays] = useState<number | string>('');
  const save = useRouteMutation('saveExpectedSettings', {
    invalidates: ['listExpectedReturns'],
    onSuccess: (s) => {
      setDays('');
      notifications.show({ color: 'green', title: t`Saved`, message: t`Overdue after ${s.overdue_days} days` });
    },
  });
  const counts = data?.counts;
  const total = counts ? counts.expected + counts.received + counts.overdue : 0;

  return (
    <Stack>
      <SegmentedControl
        value={status}
        onChange={(v) => setStatus(v as ExpectedListStatus | 'all')}
        aria-label={t`Show expected returns`}
        data={[
          { value: 'all', label: t`All (${total})` },
          ...EXPECTED_LIST_STATUSES.map((s) => ({ value: s, label: `${i18n._(EXPECTED_STATUS_LABELS[s])} (${counts?.[s] ?? 0})` })),
        ]}
      />
      <Table withTableBorder striped data-testid="expected-table" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>RMA</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Tracking Number</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Order Reference</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Items</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Announced</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((e) => {
            const s = expectedStatusOf(e);
            return (
              <Table.Tr key={e.id}>
                <Table.Td>{e.rma}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{e.tracking_number ?? '—'}</Table.Td>
                <Table.Td>{e.order_reference ?? '—'}</Table.Td>
                <Table.Td>
                  {e.items.map((i, n) => (
                    <Text key={n} size="xs">
                      {i.quantity} × {i.sku ?? i.upc}
                      {i.reason ? ` (${i.reason})` : ''}
                    </Text>
                  ))}
                </Table.Td>
                <Table.Td>
                  <Badge color={EXPECTED_STATUS_COLORS[s]} variant="light">
                    {i18n._(EXPECTED_STATUS_LABELS[s])}
                  </Badge>
                  {e.return_id && (
                    <Text size="xs" c="dimmed">
                      {t`Return #${e.return_id}`}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{formatDateTime(e.created_at)}</Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
          {!query.isPending && rows.length === 0 && (
            <EmptyRow colSpan={6} size="sm">
              <Trans>No expected returns.</Trans>
            </EmptyRow>
          )}
        </Table.Tbody>
      </Table>

      <Title order={5}>
        <Trans>Upload expected returns</Trans>
      </Title>
      <ExpectedUpload customerId={customerId} />

      <Group align="flex-end" gap="xs">
        <NumberInput
          label={t`Overdue after (days)`}
          min={1}
          max={365}
          allowDecimal={false}
          placeholder={data ? String(data.overdue_days) : ''}
          value={days}
          onChange={setDays}
          w={180}
        />
        <Button
          variant="light"
          disabled={typeof days !== 'number'}
          loading={save.isPending}
          onClick={() => typeof days === 'number' && save.mutate({ params: { id: customerId }, body: { overdue_days: days } })}
        >
          <Trans>Save</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
