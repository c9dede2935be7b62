// Changes to a waiting parcel from its drawer (issue 11): its shelf, sender and note, the customer
// once somebody knows it, and photos taken later. Each save is a step on the parcel's timeline.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy, IconPhotoPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { parcelEditBody, type ParcelDetail } from '../../../contract/parcels';
import { useRouteMutation } from '../../api/queries';
import { CustomerSelect } from '../../components/CustomerSelect';
import { PhotoCapture } from '../../components/photos/PhotoCapture';
import { schemaValidate, setServerErrors } from '../../lib/form';

interface Values {
  location: string;
  customer_id: string | null;
  sender_name: string;
  sender_address: string;
  note: string;
}

const valuesOf = (p: ParcelDetail): Values => ({
  location: p.location,
  customer_id: p.customer_id === null ? null : String(p.customer_id),
  sender_name: p.sender_name ?? '',
  sender_address: p.sender_address ?? '',
  note: p.note ?? '',
});
const toBody = (v: Values) => ({ ...v, customer_id: v.customer_id ? Number(v.customer_id) : null });

/** Edit what is known about a waiting parcel; the customer only while it has none. */
export function ParcelEditForm({ parcel, onDone }: { parcel: ParcelDetail; onDone: () => void }) {
  const { t } = useLingui();
  const company = parcel.company;
  const form = useForm<Values>({ initialValues: valuesOf(parcel), validate: schemaValidate(parcelEditBody, { toBody }) });
  const save = useRouteMutation('editParcel', {
    invalidates: ['listParcels', 'readParcel'],
    toInput: (values: Values) => ({ params: { id: parcel.id }, body: toBody(values) }),
    onError: (error) => setServerErrors(form, error),
    onSuccess: onDone,
  });
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate aria-label={t`Edit the parcel`}>
      <Stack gap="xs">
        <TextInput label={t`Shelf location`} withAsterisk autoComplete="off" data-autofocus autoFocus {...form.getInputProps('location')} />
        {parcel.customer_id === null ? (
          <CustomerSelect
            label={t`Customer`}
            placeholder={t`Unknown`}
            description={t`Once given, the customer stays`}
            clearable
            allowDeselect
            {...form.getInputProps('customer_id')}
          />
        ) : (
          <Text size="sm">
            <Trans>Customer: {company}</Trans>
          </Text>
        )}
        <TextInput label={t`Sender name`} autoComplete="off" {...form.getInputProps('sender_name')} />
        <Textarea label={t`Sender address`} autosize minRows={1} maxRows={4} {...form.getInputProps('sender_address')} />
        <Textarea label={t`Note`} autosize minRows={1} maxRows={4} {...form.getInputProps('note')} />
        {form.errors.parcel && (
          <Alert color="yellow" py="xs" role="alert">
            {form.errors.parcel}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending}>
            <Trans>Save changes</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Photos taken after the intake: shot, pasted or dropped here, kept with the parcel on "Add". */
export function ParcelAddPhotos({ parcel }: { parcel: ParcelDetail }) {
  const [photoIds, setPhotoIds] = useState<number[]>([]);
  const add = useRouteMutation('addParcelPhotos', {
    invalidates: ['listParcels', 'readParcel'],
    onSuccess: () => setPhotoIds([]),
  });
  const { t } = useLingui();
  const n = photoIds.length;
  return (
    <Stack gap="xs" component="section" aria-labelledby="parcel-add-photos">
      <Title order={3} size="h5" id="parcel-add-photos">
        <Trans>Add photos</Trans>
      </Title>
      <PhotoCapture
        customerId={parcel.customer_id ?? undefined}
        photoIds={photoIds}
        onAdd={(id) => setPhotoIds((ids) => [...ids, id])}
        onRemove={(id) => setPhotoIds((ids) => ids.filter((x) => x !== id))}
        label={t`New photos of the parcel`}
      />
      <Group justify="flex-end">
        <Button
          leftSection={<IconPhotoPlus size={16} />}
          disabled={n === 0}
          loading={add.isPending}
          onClick={() => add.mutate({ params: { id: parcel.id }, body: { photo_ids: photoIds } })}
        >
          {n === 0 ? t`Add to the parcel` : t`${plural(n, { one: 'Add # photo to the parcel', other: 'Add # photos to the parcel' })}`}
        </Button>
      </Group>
    </Stack>
  );
}
