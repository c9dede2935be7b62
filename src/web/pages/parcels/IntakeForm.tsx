import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Kbd, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { CameraScanButton } from '../../components/scan/CameraScanButton';
import { useTouchScreen } from '../../lib/device';
import { useForm } from '@mantine/form';
import { useHotkeys } from '@mantine/hooks';
import { IconCircleCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { parcelIntakeBody, type ParcelDetail } from '../../../contract/parcels';
import { useRouteMutation } from '../../api/queries';
import { CustomerSelect } from '../../components/CustomerSelect';
import { schemaValidate, setServerErrors } from '../../lib/form';
import { PhotoCapture } from '../../components/photos/PhotoCapture';

interface Values {
  tracking_number: string;
  location: string;
  customer_id: string | null;
  sender_name: string;
  sender_address: string;
  note: string;
}

const toBody = (v: Values) => ({ ...v, customer_id: v.customer_id ? Number(v.customer_id) : null });

const EMPTY: Values = { tracking_number: '', location: '', customer_id: null, sender_name: '', sender_address: '', note: '' };

/** The note after a save: which parcel went on which shelf, and how many this session. */
function SavedNote({ saved }: { saved: { parcel: ParcelDetail; count: number } }) {
  const { tracking_number: tracking, location: shelf } = saved.parcel;
  const count = saved.count;
  return (
    <Trans>
      Saved parcel <strong>{tracking}</strong> on shelf {shelf} ({count} this session).
    </Trans>
  );
}

/**
 * Intake of an unknown parcel, built for a scanner: scan the tracking number (Enter goes on to the
 * shelf), scan or type the shelf (Enter saves). After a save the form empties except the shelf
 * (the next parcel usually goes on the same one) and the cursor is back in Tracking number.
 */
export function IntakeForm({ onSaved }: { onSaved?: (parcel: ParcelDetail) => void }) {
  const { t } = useLingui();
  const touch = useTouchScreen();
  const form = useForm<Values>({ initialValues: EMPTY, validate: schemaValidate(parcelIntakeBody, { toBody }) });
  const trackingRef = useRef<HTMLInputElement>(null);
  const locationRef = useRef<HTMLInputElement>(null);
  const [saved, setSaved] = useState<{ parcel: ParcelDetail; count: number } | null>(null);
  // Uploaded as the user's own photos of no customer yet, so changing the customer before the save
  // never orphans one; the save keeps them with the parcel and gives them its customer.
  const [photoIds, setPhotoIds] = useState<number[]>([]);
  const intake = useRouteMutation('intakeParcel', {
    invalidates: ['listParcels'],
    toInput: (values: Values) => ({ body: { ...toBody(values), photo_ids: photoIds } }),
    onError: (error) => {
      if (setServerErrors(form, error) && form.errors.tracking_number) trackingRef.current?.select();
    },
    onSuccess: (parcel) => {
      setSaved((s) => ({ parcel, count: (s?.count ?? 0) + 1 }));
      form.setValues({ ...EMPTY, location: parcel.location });
      setPhotoIds([]);
      form.resetDirty();
      trackingRef.current?.focus();
      onSaved?.(parcel);
    },
  });

  useEffect(() => trackingRef.current?.focus(), []);
  const submit = form.onSubmit(
    (values) => intake.mutate(values),
    (errors) => {
      // The cursor goes to the first field to fix.
      if (errors.tracking_number) trackingRef.current?.focus();
      else if (errors.location) locationRef.current?.focus();
    },
  );
  useHotkeys([['alt+S', () => submit(), { usePhysicalKeys: true }]], []);

  // A scanner ends the code with Enter: on to the shelf, its text selected to be scanned over.
  const trackingEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.altKey) return;
    e.preventDefault();
    locationRef.current?.focus();
    locationRef.current?.select();
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="intake-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="intake-title">
            <Trans>Take in a parcel</Trans>
          </Title>
          <div aria-live="polite">
            {saved && (
              <Alert color="green" icon={<IconCircleCheck size={18} />} py="xs" data-testid="parcel-saved">
                <SavedNote saved={saved} />
              </Alert>
            )}
          </div>
          <TextInput
            ref={trackingRef}
            label={t`Tracking number`}
            description={t`Scan the carrier label`}
            withAsterisk
            autoComplete="off"
            onKeyDown={trackingEnter}
            {...form.getInputProps('tracking_number')}
            rightSection={
              // Issue 28: a camera read goes where a wedge scan goes (the code, then on to the shelf).
              <CameraScanButton
                label={t`Scan the carrier label with the camera`}
                onCode={(code) => {
                  form.setFieldValue('tracking_number', code);
                  window.setTimeout(() => {
                    locationRef.current?.focus();
                    locationRef.current?.select();
                  }, 0);
                }}
              />
            }
            rightSectionPointerEvents="all"
            rightSectionWidth={touch ? 44 : 36}
          />
          <TextInput
            ref={locationRef}
            label={t`Shelf location`}
            description={t`Enter saves`}
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('location')}
          />
          <CustomerSelect label={t`Customer`} placeholder={t`Unknown`} clearable allowDeselect {...form.getInputProps('customer_id')} />
          <TextInput label={t`Sender name`} autoComplete="off" {...form.getInputProps('sender_name')} />
          <Textarea label={t`Sender address`} autosize minRows={1} maxRows={4} {...form.getInputProps('sender_address')} />
          <Textarea label={t`Note`} autosize minRows={1} maxRows={4} {...form.getInputProps('note')} />
          <Text size="sm" fw={500} mb={-6}>
            <Trans>Photos</Trans>
          </Text>
          <PhotoCapture
            customerId={undefined}
            photoIds={photoIds}
            onAdd={(id) => setPhotoIds((ids) => [...ids, id])}
            onRemove={(id) => setPhotoIds((ids) => ids.filter((x) => x !== id))}
            label={t`Photos of the parcel`}
          />
          {form.errors.photo_ids && (
            <Text size="sm" c="red">
              {form.errors.photo_ids}
            </Text>
          )}
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              <Trans>
                <Kbd>Alt</Kbd> + <Kbd>S</Kbd> saves
              </Trans>
            </Text>
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={intake.isPending}>
              <Trans>Save parcel</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
