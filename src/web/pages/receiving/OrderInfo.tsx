// The order panel's head as one compact band (SPEC §2.7): Saved Return(s) notice, order info, delivery
// customer info, the 'Return Option' inputs and the Submit / Close buttons.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Anchor, Box, Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { IconKeyboard, IconCamera } from '@tabler/icons-react';
import { memo, useMemo, type Ref } from 'react';
import { Link } from 'react-router';
import { ORDER_STATUS_RETURN_CREATED } from '../../../contract/constants';
import type { OrderDetail } from '../../../contract/orders';
import type { DraftField, ReturnDraft } from './draft-reducer';
import { ReceivingDateField } from './ReceivingDateField';
import classes from './receiving.module.css';

/** A label left of its input, so the band stays one input high. */
const inline = (width: number) => ({
  classNames: { root: classes.inlineRoot, label: classes.inlineLabel },
  styles: { wrapper: { width } },
});

/** The return photos' shortcut, as aria-keyshortcuts names it (a key, not a text). */
const photosKey = 'Alt+O';

/** The draft's two free references, as SPEC §2.7 names them. */
const REFERENCES = [
  ['reference_1', msg`Reference 1`],
  ['reference_2', msg`Reference 2`],
] as const satisfies readonly (readonly [DraftField, MessageDescriptor])[];

function Field({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <Box component="span" className={classes.field}>
      <Text span fz={11} c="dimmed">
        {label}
      </Text>{' '}
      <Text span fz={13} fw={600}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </Text>
    </Box>
  );
}

export interface OrderInfoProps {
  order: OrderDetail;
  /** The draft's own fields the band edits (not the draft: a scan changes its lines, and the band stays as it is). */
  fields: Pick<ReturnDraft, DraftField>;
  onField: (field: DraftField, value: string) => void;
  onSubmit: () => void;
  onClose: () => void;
  onHelp: () => void;
  /** Photos of the whole return (issue 16): how many, and the dialog. */
  returnPhotos: number;
  onPhotos: () => void;
  /** The Receiving Date field's problem while its text is not a real day (see ReceivingDateField). */
  onDateProblem: (problem: string | null) => void;
  dateRef: Ref<HTMLInputElement>;
}

/** The band's fields of the draft, the same object while they stay the same (a scan changes none of them). */
export function useBandFields({ reference_1, reference_2, return_date }: ReturnDraft): OrderInfoProps['fields'] {
  return useMemo(() => ({ reference_1, reference_2, return_date }), [reference_1, reference_2, return_date]);
}

/** Memoised (issue 28): the order band does not render again for a keystroke or a scan. */
export const OrderInfo = memo(function OrderInfo({
  order,
  fields,
  onField,
  onSubmit,
  onClose,
  onHelp,
  returnPhotos,
  onPhotos,
  onDateProblem,
  dateRef,
}: OrderInfoProps) {
  const { t, i18n } = useLingui();
  const address = [order.delivery_address_1, order.delivery_address_2, order.delivery_address_3].filter(Boolean);
  const place = [order.delivery_zipcode, order.delivery_city, order.delivery_state].filter(Boolean).join(' ');
  const names = [order.delivery_name_1, order.delivery_name_2].filter(Boolean).join(' / ') || '—';
  const delivery = [...address, [place, order.delivery_country].filter(Boolean).join(', ')].filter(Boolean).join(' · ');
  const contact = [order.delivery_contact, order.delivery_phone, order.delivery_email].filter(Boolean).join(' · ');
  return (
    <Paper withBorder px="sm" py={6} className={classes.band}>
      <Group gap={10} wrap="wrap" className={classes.bandRow} role="group" aria-label={t`Order`}>
        <Text fz="xs" fw={700} tt="uppercase" c="blue" className={classes.bandTitle}>
          <Trans>Order</Trans>
        </Text>
        <Field label={t`ID`} value={order.id} />
        <Field label={t`Delivery #`} value={order.delivery_number} />
        <Field label={t`Order #`} value={order.order_number} />
        <Field label={t`Web Order #`} value={order.web_order_number} />
        <Field label={t`Buyer Ref #`} value={order.buyer_reference} />
        <Field label={t`Type | Source`} value={`${order.order_type ?? '—'} | ${order.source}`} />
        {order.order_status === ORDER_STATUS_RETURN_CREATED && order.returns.length > 0 && (
          <Group
            gap={6}
            wrap="wrap"
            ml="auto"
            className={classes.saved}
            data-testid="saved-returns"
            role="group"
            aria-label={t`Saved Return(s)`}
          >
            <Text fz="sm" fw={700} c="teal">
              <Trans>Saved Return(s)</Trans>
            </Text>
            {order.returns.map((r) => (
              <Anchor key={r.id} component={Link} to={`/orders/${order.id}/returns/${r.id}`} fz="sm" fw={600} c="teal" underline="always">
                #{r.id}
              </Anchor>
            ))}
          </Group>
        )}
      </Group>
      <Group gap={10} wrap="wrap" className={classes.bandRow} role="group" aria-label={t`Delivery`}>
        <Text fz="xs" fw={700} tt="uppercase" c="blue" className={classes.bandTitle}>
          <Trans>Delivery</Trans>
        </Text>
        <Text fz={13} fw={600}>
          {names}
        </Text>
        <Text fz={13}>{delivery || '—'}</Text>
        {contact && (
          <Text fz={13} c="dimmed">
            {contact}
          </Text>
        )}
      </Group>
      <Group justify="space-between" wrap="wrap" gap="sm" mt={4}>
        <Group gap="sm" wrap="nowrap" className={classes.optionRow} role="group" aria-labelledby="return-option-label">
          <Text id="return-option-label" fz="xs" fw={700} tt="uppercase" c="blue" className={classes.bandTitle}>
            <Trans>Return Option</Trans>
          </Text>
          {REFERENCES.map(([field, label]) => (
            <TextInput
              key={field}
              size="xs"
              label={i18n._(label)}
              {...inline(115)}
              maxLength={100}
              value={fields[field]}
              // A long reference is wider than its box: the whole of it on hover (issue 28).
              title={fields[field] || undefined}
              onChange={(e) => onField(field, e.currentTarget.value)}
            />
          ))}
          <ReceivingDateField
            value={fields.return_date}
            onChange={(date) => onField('return_date', date)}
            onProblem={onDateProblem}
            inputRef={dateRef}
          />
        </Group>
        {/* On a handheld these four are a bar fixed at the bottom of the screen (receiving.module.css). */}
        <Group gap="xs" wrap="nowrap" className={classes.bandActions}>
          {/* The browser's own tooltip (title) says what Mantine's Tooltip said, without its 3 kB gzip (issue 13);
              it is also the buttons' accessible description, and aria-keyshortcuts names their key. */}
          <Button
            variant="default"
            size="xs"
            px={8}
            leftSection={<IconCamera size={16} />}
            onClick={onPhotos}
            aria-label={t`${returnPhotos} photos of the return`}
            title={t`Photos of the return: parcel, label (Alt+O)`}
            aria-keyshortcuts={photosKey}
            data-testid="return-photos"
          >
            {returnPhotos}
          </Button>
          <ActionIcon
            variant="default"
            size="input-xs"
            aria-label={t`Keyboard shortcuts`}
            title={t`Keyboard shortcuts (?)`}
            aria-keyshortcuts="?"
            onClick={onHelp}
          >
            <IconKeyboard size={18} />
          </ActionIcon>
          <Button variant="default" size="xs" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
          <Button size="xs" px="lg" onClick={onSubmit}>
            <Trans>Submit</Trans>
          </Button>
        </Group>
      </Group>
    </Paper>
  );
});
