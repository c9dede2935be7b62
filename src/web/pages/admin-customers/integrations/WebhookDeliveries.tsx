import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Badge, Button, Code, Group, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { WebhookDeliveryView, WebhookEndpointView } from '../../../../contract/webhooks';
import { useRouteMutation, useRouteQuery } from '../../../api/queries';
import { EmptyRow } from '../../../components/table/EmptyRow';
import { ScrollBox } from '../../../components/table/ScrollBox';
import { formatDateTime } from '../../../lib/format';
import { DELIVERY_STATUS_COLORS, DELIVERY_STATUS_LABELS } from './integration-labels';

/** The last attempt's answer: its status and first bytes, or why there was none. */
function lastAnswer(d: WebhookDeliveryView) {
  const last = d.attempt_log.at(-1);
  if (!last) return null;
  return last.error ?? last.response_snippet ?? '';
}

/**
 * One endpoint's deliveries, newest first (issue 26): status, time, attempts, the first bytes of the
 * last answer; redeliver one, or a range by delivery id. Refreshed while any is pending.
 */
export function WebhookDeliveries({ endpoint }: { endpoint: WebhookEndpointView }) {
  const { t, i18n } = useLingui();
  const [before, setBefore] = useState<number | undefined>(undefined);
  const query = useRouteQuery(
    'listWebhookDeliveries',
    { params: { id: endpoint.id }, query: before ? { before_id: before } : {} },
    { refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === 'pending') ? 2000 : false) },
  );
  const deliveries = query.data?.deliveries ?? [];
  const [range, setRange] = useState<{ from: number | string; to: number | string }>({ from: '', to: '' });
  const redeliver = useRouteMutation('redeliverWebhook', {
    invalidates: ['listWebhookDeliveries'],
    toInput: (v: { from: number; to?: number }) => ({ params: { id: endpoint.id }, body: { from_id: v.from, to_id: v.to } }),
    onSuccess: (a) =>
      notifications.show({
        color: 'green',
        title: t`Redelivery queued`,
        message: t`${plural(a.queued, { one: '# delivery queued again', other: '# deliveries queued again' })}`,
      }),
  });

  return (
    <Stack gap="xs" component="section" aria-label={t`Deliveries of ${endpoint.url}`}>
      <Title order={5}>{t`Deliveries of endpoint #${endpoint.id}`}</Title>
      <ScrollBox label={t`Deliveries of endpoint #${endpoint.id}`} keyColumn={1} minWidth={760}>
        <Table withTableBorder striped data-testid="deliveries-table" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>ID</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Event</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Status</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Time</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Attempts</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Answer</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Action</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.map((d) => {
              const answer = lastAnswer(d);
              return (
                <Table.Tr key={d.id} data-testid={`delivery-${d.id}`}>
                  <Table.Td>{d.id}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{d.event_type}</Text>
                    {d.subject && (
                      <Text size="xs" c="dimmed">
                        {d.subject}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={DELIVERY_STATUS_COLORS[d.status]} variant="light">
                      {i18n._(DELIVERY_STATUS_LABELS[d.status])}
                    </Badge>
                    {d.last_status !== null && (
                      <Text size="xs" c="dimmed">
                        HTTP {d.last_status}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{formatDateTime(d.delivered_at ?? d.created_at)}</Text>
                    {d.next_attempt_at && d.status === 'pending' && (
                      <Text size="xs" c="dimmed">
                        {t`next: ${formatDateTime(d.next_attempt_at)}`}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{d.attempts}</Table.Td>
                  <Table.Td maw={240}>
                    {answer !== null && (
                      <Code style={{ display: 'block', whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 64, overflow: 'auto' }}>
                        {answer.slice(0, 120) || '—'}
                      </Code>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      disabled={endpoint.status !== 'active' || redeliver.isPending}
                      onClick={() => redeliver.mutate({ from: d.id })}
                      aria-label={t`Redeliver delivery ${d.id}`}
                    >
                      <Trans>Redeliver</Trans>
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
            {!query.isPending && deliveries.length === 0 && (
              <EmptyRow colSpan={7} size="sm">
                <Trans>No deliveries yet.</Trans>
              </EmptyRow>
            )}
          </Table.Tbody>
        </Table>
      </ScrollBox>
      <Group gap="xs">
        {before !== undefined && (
          <Button size="xs" variant="default" onClick={() => setBefore(undefined)}>
            <Trans>Newest</Trans>
          </Button>
        )}
        {query.data?.next_before_id && (
          <Button size="xs" variant="default" onClick={() => setBefore(query.data?.next_before_id ?? undefined)}>
            <Trans>Older</Trans>
          </Button>
        )}
      </Group>
      <Group gap="xs" align="flex-end">
        <NumberInput
          label={t`From delivery ID`}
          min={1}
          allowDecimal={false}
          value={range.from}
          onChange={(v) => setRange((r) => ({ ...r, from: v }))}
          w={150}
        />
        <NumberInput
          label={t`To delivery ID`}
          min={1}
          allowDecimal={false}
          value={range.to}
          onChange={(v) => setRange((r) => ({ ...r, to: v }))}
          w={150}
        />
        <Button
          variant="light"
          disabled={endpoint.status !== 'active' || typeof range.from !== 'number'}
          loading={redeliver.isPending}
          onClick={() =>
            typeof range.from === 'number' &&
            redeliver.mutate({ from: range.from, to: typeof range.to === 'number' ? range.to : undefined })
          }
        >
          <Trans>Redeliver range</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
