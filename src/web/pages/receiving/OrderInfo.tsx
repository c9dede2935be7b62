import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ORDER_STATUS_RETURN_CREATED } from '../../../contract/constants';
import type { OrderDetail } from '../../../contract/orders';

function Field({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </Text>
    </div>
  );
}

/** SPEC §2.7 order panel head: Saved Return(s) notice, order info and delivery customer info. */
export function OrderInfo({ order }: { order: OrderDetail }) {
  const address = [order.delivery_address_1, order.delivery_address_2, order.delivery_address_3].filter(Boolean);
  const place = [order.delivery_zipcode, order.delivery_city, order.delivery_state].filter(Boolean).join(' ');
  return (
    <Stack gap="sm">
      {order.order_status === ORDER_STATUS_RETURN_CREATED && order.returns.length > 0 && (
        <Alert color="teal" title="Saved Return(s)" data-testid="saved-returns">
          <Group gap="xs">
            {order.returns.map((r) => (
              <Anchor key={r.id} component={Link} to={`/orders/${order.id}/returns/${r.id}`} size="sm">
                #{r.id}
              </Anchor>
            ))}
          </Group>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Paper withBorder p="sm">
          <Title order={5} mb="xs">
            Order
          </Title>
          <SimpleGrid cols={3} spacing="xs" verticalSpacing={6}>
            <Field label="ID" value={order.id} />
            <Field label="Delivery #" value={order.delivery_number} />
            <Field label="Order #" value={order.order_number} />
            <Field label="Web Order #" value={order.web_order_number} />
            <Field label="Buyer Ref #" value={order.buyer_reference} />
            <Field label="Type | Source" value={`${order.order_type ?? '—'} | ${order.source}`} />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="sm">
          <Title order={5} mb="xs">
            Delivery
          </Title>
          <Text size="sm" fw={600}>
            {[order.delivery_name_1, order.delivery_name_2].filter(Boolean).join(' / ') || '—'}
          </Text>
          {address.map((line, i) => (
            <Text size="sm" key={i}>
              {line}
            </Text>
          ))}
          <Text size="sm">{[place, order.delivery_country].filter(Boolean).join(', ')}</Text>
          <Text size="sm" c="dimmed">
            {[order.delivery_contact, order.delivery_phone, order.delivery_email].filter(Boolean).join(' · ')}
          </Text>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
