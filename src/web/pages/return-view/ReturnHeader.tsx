// Return View's header (SPEC §2.10): the return's ids, order, customer, dates and who made it.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReturnView } from '../../../contract/return-view';
import { formatDate } from '../../lib/format';

/** testId: the field's English name, so tests find it in every language. */
function Field({ testId, label, value }: { testId: string; label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      {/* A long reference without a space wraps anywhere, whole (issue 28), rather than running out of its cell. */}
      <Text size="sm" data-testid={`field-${testId}`} style={{ overflowWrap: 'anywhere' }}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </Text>
    </div>
  );
}

export function ReturnHeader({ r }: { r: ReturnView }) {
  const { t } = useLingui();
  const o = r.order;
  const parcelId = r.parcel?.id;
  const awaiting = r.awaiting_decisions;
  const address4 = o ? [o.delivery_zipcode, o.delivery_city, o.delivery_state, o.delivery_country].filter(Boolean).join(' ') : '';
  return (
    <Paper withBorder p="md" data-testid="return-header">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md" verticalSpacing="sm">
        <Field testId="Return #" label={t`Return #`} value={r.id} />
        <Field testId="Ref 1" label={t`Ref 1`} value={r.reference_1} />
        <Field testId="Ref 2" label={t`Ref 2`} value={r.reference_2} />
        <Field testId="Date" label={t`Date`} value={formatDate(r.return_date)} />
        <Field
          testId="Blind"
          label={t`Blind`}
          value={
            <Badge color={r.is_blind ? 'orange' : 'gray'} variant="light">
              {r.is_blind
                ? t({ message: 'Y', comment: 'Yes: a blind return (one letter)' })
                : t({ message: 'N', comment: 'No: not a blind return (one letter)' })}
            </Badge>
          }
        />
        {/* Issue 25: lines waiting for the brand's decision are not final yet. */}
        {r.awaiting_decisions > 0 && (
          <Field
            testId="Awaiting decision"
            label={t`Decision`}
            value={
              <Badge color="orange" variant="light" data-testid="awaiting-decision" maw="100%" h="auto" style={{ whiteSpace: 'normal' }}>
                <Trans>Awaiting decision ({awaiting})</Trans>
              </Badge>
            }
          />
        )}
        {/* Every return names its customer; a blind one has no order fields to show besides. */}
        <Field testId="Customer" label={t`Customer`} value={r.company} />
        {/* Issue 11: the carrier tracking number it arrived with, and the unknown parcel it came from. */}
        {r.tracking_number && <Field testId="Tracking #" label={t`Tracking #`} value={r.tracking_number} />}
        {r.parcel && (
          <Field
            testId="Parcel"
            label={t`Parcel`}
            value={
              <>
                <Anchor component={Link} to={`/parcels?open=${r.parcel.id}`} size="sm">
                  <Trans>Parcel #{parcelId}</Trans>
                </Anchor>
                {r.parcel.note ? ` · ${r.parcel.note}` : ''}
              </>
            }
          />
        )}
        {o && (
          <>
            <Field testId="Source" label={t`Source`} value={o.source} />
            <Field testId="Msg #" label={t`Msg #`} value={r.message_id} />
            <Field testId="Type" label={t`Type`} value={o.order_type} />
            <Field testId="Delivery #" label={t`Delivery #`} value={o.delivery_number} />
            <Field testId="Order #" label={t`Order #`} value={o.order_number} />
            <Field testId="Name 1" label={t`Name 1`} value={o.delivery_name_1} />
            <Field testId="Address 1" label={t`Address 1`} value={o.delivery_address_1} />
            <Field testId="Address 2" label={t`Address 2`} value={o.delivery_address_2} />
            <Field testId="Address 3" label={t`Address 3`} value={o.delivery_address_3} />
            <Field testId="Address 4" label={t`Address 4`} value={address4} />
          </>
        )}
      </SimpleGrid>
    </Paper>
  );
}
