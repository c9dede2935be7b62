// Return View's header (SPEC §2.10): the return's ids, order, customer, dates and who made it.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReturnView } from '../../../contract/return-view';
import { formatDate } from '../../lib/format';

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" data-testid={`field-${label}`}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </Text>
    </div>
  );
}

export function ReturnHeader({ r }: { r: ReturnView }) {
  const o = r.order;
  const address4 = o ? [o.delivery_zipcode, o.delivery_city, o.delivery_state, o.delivery_country].filter(Boolean).join(' ') : '';
  return (
    <Paper withBorder p="md" data-testid="return-header">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md" verticalSpacing="sm">
        <Field label="Return #" value={r.id} />
        <Field label="Ref 1" value={r.reference_1} />
        <Field label="Ref 2" value={r.reference_2} />
        <Field label="Date" value={formatDate(r.return_date)} />
        <Field
          label="Blind"
          value={
            <Badge color={r.is_blind ? 'orange' : 'gray'} variant="light">
              {r.is_blind ? 'Y' : 'N'}
            </Badge>
          }
        />
        {/* Every return names its customer; a blind one has no order fields to show besides. */}
        <Field label="Customer" value={r.company} />
        {/* Issue 11: the carrier tracking number it arrived with, and the unknown parcel it came from. */}
        {r.tracking_number && <Field label="Tracking #" value={r.tracking_number} />}
        {r.parcel && (
          <Field
            label="Parcel"
            value={
              <>
                <Anchor component={Link} to={`/parcels?open=${r.parcel.id}`} size="sm">
                  Parcel #{r.parcel.id}
                </Anchor>
                {r.parcel.note ? ` · ${r.parcel.note}` : ''}
              </>
            }
          />
        )}
        {o && (
          <>
            <Field label="Source" value={o.source} />
            <Field label="Msg #" value={r.message_id} />
            <Field label="Type" value={o.order_type} />
            <Field label="Delivery #" value={o.delivery_number} />
            <Field label="Order #" value={o.order_number} />
            <Field label="Name 1" value={o.delivery_name_1} />
            <Field label="Address 1" value={o.delivery_address_1} />
            <Field label="Address 2" value={o.delivery_address_2} />
            <Field label="Address 3" value={o.delivery_address_3} />
            <Field label="Address 4" value={address4} />
          </>
        )}
      </SimpleGrid>
    </Paper>
  );
}
