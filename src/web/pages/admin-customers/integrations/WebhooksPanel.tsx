import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { WebhookEndpointView } from '../../../../contract/webhooks';
import { useRouteMutation, useRouteQuery } from '../../../api/queries';
import { EmptyRow } from '../../../components/table/EmptyRow';
import { ScrollBox } from '../../../components/table/ScrollBox';
import { formatDateTime } from '../../../lib/format';
import { ENDPOINT_STATUS_COLORS, ENDPOINT_STATUS_LABELS } from './integration-labels';
import { SecretOnce } from './SecretOnce';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WebhookForm } from './WebhookForm';

/**
 * A customer's webhook endpoints (issue 26): add one (its secret shown once), send a test event,
 * roll the secret, pause or activate, delete; and the delivery log of the one chosen.
 */
export function WebhooksPanel({ customerId }: { customerId: number }) {
  const { t, i18n } = useLingui();
  const query = useRouteQuery('listWebhooks', { params: { id: customerId } });
  const endpoints = query.data ?? [];
  const [secret, setSecret] = useState<{ id: number; value: string } | null>(null);
  const [logOf, setLogOf] = useState<number | null>(null);
  const invalidates = ['listWebhooks', 'listWebhookDeliveries'] as const;

  const update = useRouteMutation('updateWebhook', {
    invalidates,
    toInput: (e: WebhookEndpointView) => ({
      params: { id: e.id },
      body: { url: e.url, event_types: e.event_types as never, description: e.description, active: e.status !== 'active' },
    }),
    onSuccess: (e) =>
      notifications.show({ color: 'green', title: e.status === 'active' ? t`Endpoint activated` : t`Endpoint paused`, message: e.url }),
  });
  const roll = useRouteMutation('rollWebhookSecret', {
    invalidates,
    toInput: (e: WebhookEndpointView) => ({ params: { id: e.id } }),
    onSuccess: (e) => setSecret({ id: e.id, value: e.secret }),
  });
  const test = useRouteMutation('testWebhook', {
    invalidates,
    toInput: (e: WebhookEndpointView) => ({ params: { id: e.id } }),
    // The log of that endpoint opens, to watch the test arrive.
    onSuccess: (d, e) => {
      notifications.show({ color: 'green', title: t`Test event queued`, message: d.event_id });
      setLogOf(e.id);
    },
  });
  const remove = useRouteMutation('deleteWebhook', {
    invalidates,
    toInput: (e: WebhookEndpointView) => ({ params: { id: e.id } }),
    onSuccess: (_m, e) => {
      if (logOf === e.id) setLogOf(null);
      notifications.show({ color: 'green', title: t`Endpoint deleted`, message: e.url });
    },
  });

  /** An endpoint's actions: in their own column at the desk, under the URL on a narrow screen. */
  const actions = (e: WebhookEndpointView) => (
    <Group gap={6}>
      <Button size="xs" variant={logOf === e.id ? 'filled' : 'light'} onClick={() => setLogOf(logOf === e.id ? null : e.id)}>
        <Trans>Deliveries</Trans>
      </Button>
      <Button size="xs" variant="light" color="teal" disabled={e.status !== 'active'} onClick={() => test.mutate(e)}>
        <Trans>Send test event</Trans>
      </Button>
      <Button
        size="xs"
        variant="light"
        color="grape"
        onClick={() => {
          if (window.confirm(t`Make a new signing secret for ${e.url}? The current one keeps signing for 24 hours.`)) roll.mutate(e);
        }}
      >
        <Trans>Roll secret</Trans>
      </Button>
      <Button size="xs" variant="light" color={e.status === 'active' ? 'yellow' : 'green'} onClick={() => update.mutate(e)}>
        {e.status === 'active' ? t`Pause` : t`Activate`}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        onClick={() => {
          if (window.confirm(t`Delete the endpoint ${e.url} and its delivery log?`)) remove.mutate(e);
        }}
      >
        <Trans>Delete</Trans>
      </Button>
    </Group>
  );

  return (
    <Stack>
      <ScrollBox label={t`Webhook endpoints`}>
        <Table withTableBorder striped data-testid="webhooks-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Receiver URL</Trans>
              </Table.Th>
              <Table.Th visibleFrom="sm">
                <Trans>Event types</Trans>
              </Table.Th>
              <Table.Th visibleFrom="sm">
                <Trans>Status</Trans>
              </Table.Th>
              <Table.Th visibleFrom="sm">
                <Trans>Action</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {endpoints.map((e) => (
              <Table.Tr key={e.id} aria-selected={logOf === e.id}>
                <Table.Td style={{ wordBreak: 'break-all' }}>
                  <Text size="sm">{e.url}</Text>
                  {e.description && (
                    <Text size="xs" c="dimmed">
                      {e.description}
                    </Text>
                  )}
                  {e.previous_secret_until && (
                    <Text size="xs" c="dimmed">
                      {t`The previous secret signs too until ${formatDateTime(e.previous_secret_until)}`}
                    </Text>
                  )}
                  {/* A narrow screen: the other columns' content under the URL, not a table to scroll sideways. */}
                  <Stack hiddenFrom="sm" gap={6} mt={6} style={{ wordBreak: 'normal' }}>
                    <Group gap={4}>
                      <Badge color={ENDPOINT_STATUS_COLORS[e.status]} variant="light">
                        {i18n._(ENDPOINT_STATUS_LABELS[e.status])}
                      </Badge>
                      {e.event_types.map((type) => (
                        <Badge key={type} size="xs" variant="outline" tt="none">
                          {type}
                        </Badge>
                      ))}
                    </Group>
                    {actions(e)}
                  </Stack>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Group gap={4}>
                    {e.event_types.map((type) => (
                      <Badge key={type} size="xs" variant="outline" tt="none">
                        {type}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Badge color={ENDPOINT_STATUS_COLORS[e.status]} variant="light">
                    {i18n._(ENDPOINT_STATUS_LABELS[e.status])}
                  </Badge>
                  {e.status_reason && (
                    <Text size="xs" c="dimmed">
                      {e.status_reason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">{actions(e)}</Table.Td>
              </Table.Tr>
            ))}
            {!query.isPending && endpoints.length === 0 && (
              <EmptyRow colSpan={4} size="sm">
                <Trans>No webhook endpoints.</Trans>
              </EmptyRow>
            )}
          </Table.Tbody>
        </Table>
      </ScrollBox>

      {secret && <SecretOnce title={t`Signing secret of endpoint #${secret.id}`} value={secret.value} onDone={() => setSecret(null)} />}

      {logOf !== null && endpoints.some((e) => e.id === logOf) && <WebhookDeliveries endpoint={endpoints.find((e) => e.id === logOf)!} />}

      <Stack gap="xs">
        <Title order={5}>
          <Trans>Add an endpoint</Trans>
        </Title>
        <WebhookForm
          customerId={customerId}
          onCreated={(e) => {
            setSecret({ id: e.id, value: e.secret });
            notifications.show({ color: 'green', title: t`Endpoint added`, message: e.url });
          }}
        />
      </Stack>
    </Stack>
  );
}
