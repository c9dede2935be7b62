import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { OrderDetail } from '../../../contract/orders';
import { expectedItemStates, reasonFor, type ExpectedItemStatus } from './expected-match';
import { setExpectedForOrder, useExpectedForOrder } from './expected-store';
import { useReceiving, type ReceivingStore } from './use-receiving-state';

const STATUS_LABELS: Record<ExpectedItemStatus, MessageDescriptor> = {
  expected: msg`Expected`,
  received: msg`Received`,
  missing: msg`Missing`,
};
const STATUS_COLORS: Record<ExpectedItemStatus, string> = { expected: 'blue', received: 'green', missing: 'red' };

/**
 * The pre-advised items of the open order (issue 26), from the label scanned in Order Search: each
 * expected, received (the draft holds it) or missing, with the consumer's reason and the customer's
 * reason it was mapped to.
 */
export function ExpectedItemsCard({ order, store }: { order: OrderDetail; store: ReceivingStore }) {
  const { t, i18n } = useLingui();
  const draft = useReceiving(store, (s) => s.draft);
  const expected = useExpectedForOrder(order.id);
  if (!expected) return null;
  const states = expectedItemStates(expected, order, draft);
  const reasonText = (code: string | undefined) => order.reasons.find((r) => r.option_code === code)?.option_value;
  return (
    <Paper withBorder p="sm" component="section" aria-label={t`Expected return ${expected.rma}`} data-testid="expected-items">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={4}>{t`Expected return ${expected.rma}`}</Title>
          <CloseButton aria-label={t`Forget the expected return`} onClick={() => setExpectedForOrder(order.id, null)} />
        </Group>
        {expected.tracking_number && (
          <Text size="xs" c="dimmed">
            {t`Label ${expected.tracking_number}`}
          </Text>
        )}
        {/* A list, not a table: the search column is narrow. */}
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {states.map((s, i) => {
            const mapped = reasonText(reasonFor(s.item.reason, order.reasons));
            return (
              <li key={i} data-status={s.status} data-testid="expected-item">
                <Group justify="space-between" gap={4} wrap="nowrap" align="flex-start">
                  <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                    {s.item.sku ?? s.item.upc}
                  </Text>
                  <Badge color={STATUS_COLORS[s.status]} variant="light" style={{ flexShrink: 0 }}>
                    {i18n._(STATUS_LABELS[s.status])}
                  </Badge>
                </Group>
                <Text size="xs">{t`Received ${s.received} of ${s.item.quantity}`}</Text>
                {s.item.reason && (
                  <Text size="xs" c="dimmed">
                    {mapped ? t`Reason: ${s.item.reason} → ${mapped}` : t`Reason: ${s.item.reason}`}
                  </Text>
                )}
                {!s.line && (
                  <Text size="xs" c="orange.9">
                    <Trans>Not on this order</Trans>
                  </Text>
                )}
              </li>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}
