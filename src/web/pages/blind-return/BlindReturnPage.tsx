// Blind Return (SPEC §2.8, §4 Blind return): a return with no original order. The route does not check
// can_blind (SPEC §6); the server refuses the save for a customer without it.
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, Group, Kbd, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { DateInput } from '../../components/dates/DateInput';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { BLIND_MSG, type BlindReturnBody, type ProductRow } from '../../../contract/blind';
import { DEFAULT_BLIND_CONDITION, LIMITS } from '../../../contract/constants';
import { isApiError, useRouteMutation, useRouteQuery } from '../../api/queries';
import { tempId, today } from '../../lib/draft-defaults';
import { PhotoCapture } from '../../components/photos/PhotoCapture';
import { PhotoDialog } from '../../components/photos/PhotoDialog';
import { defaultDisposition } from '../../../contract/disposition-rules';
import { needsBin } from '../receiving/LedgerEntryForm';
import { BlindLinesTable, type BlindLine } from './BlindLinesTable';
import { ProductSearch } from './ProductSearch';
import { usePageTitle } from '../../lib/page-title';
import { messageText } from '../../i18n/server-text';
import { ParcelBanner } from '../../components/parcel/ParcelBanner';
import { reasonFor } from '../receiving/expected-match';
import { useExpectedBlind } from './use-expected-blind';
import { ExpectedBanner, NoCustomer } from './BlindBanners';
import { NOT_INSPECTED, savedInspection } from './blind-inspection';
import { useBlindInspection } from './use-blind-inspection';
import { InspectionPanel } from '../receiving/inspection/InspectionPanel';

const PARCEL_ACTION = 'Converting'; // a code: the banner says it in the reader's language

export default function BlindReturnPage() {
  const { t } = useLingui();
  const { customerId = '' } = useParams();
  const navigate = useNavigate();
  const id = /^\d{1,10}$/.test(customerId) ? Number(customerId) : NaN;
  // Quiet: an unknown customer is answered by the alerts below, not by a notification.
  const setupQuery = useRouteQuery('blindSetup', { params: { customerId: id } }, { enabled: Number.isFinite(id), quiet: true });
  const setup = setupQuery.data ?? null;
  const failed = !Number.isFinite(id) || setupQuery.isError;
  // Issue 11: converting an unknown parcel (`?parcel=<id>`); the save closes it.
  const [params] = useSearchParams();
  const parcelId = /^\d{1,10}$/.test(params.get('parcel') ?? '') ? Number(params.get('parcel')) : null;
  const parcelQuery = useRouteQuery('readParcel', { params: { id: parcelId ?? 0 } }, { enabled: parcelId !== null });
  const parcel = parcelId !== null && parcelQuery.data?.state === 'Waiting' ? parcelQuery.data : null;
  // Issue 26: a blind customer's expected return (`?rma=<rma>`, from the desk's label scan); the save marks it received.
  const rma = params.get('rma')?.trim() || null;
  const expectedQuery = useExpectedBlind(id, rma);
  const expectedBlind = expectedQuery.data ?? null;
  const expected = expectedBlind?.expected.status === 'received' ? null : (expectedBlind?.expected ?? null);
  const saveReturn = useRouteMutation('saveBlindReturn', { invalidates: ['listReturns', 'listParcels', 'readParcel'] });
  const saving = saveReturn.isPending;
  // The draft's temporary id doubles as the save's idempotency key (a double click saves once).
  const [draftId] = useState(tempId);
  const [reference1, setReference1] = useState('');
  const [reference2, setReference2] = useState('');
  const [returnDate, setReturnDate] = useState<string>(today());
  const [lines, setLines] = useState<BlindLine[]>([]);
  // Photos (issue 16): of the whole return, and the line whose photo dialog is open.
  const [returnPhotos, setReturnPhotos] = useState<number[]>([]);
  const [photoLine, setPhotoLine] = useState<string | null>(null);
  const photoLineRow = lines.find((l) => l.key === photoLine);
  const photoSku = photoLineRow?.product.sku ?? '';
  const [ref1Error, setRef1Error] = useState<string | null>(null);
  const reference1Ref = useRef<HTMLInputElement>(null);
  const productRef = useRef<HTMLInputElement>(null);
  const openLineKey = useRef<string | null>(null);
  // Save from the keyboard; F2 back to the product field. Both work while the cursor is in a field.
  useHotkeys(
    [
      ['alt+S', () => void save(), { usePhysicalKeys: true }],
      ['F2', () => productRef.current?.focus()],
      // Issue 27: a photo step's photo, as Alt+C at the desk (the line under inspection).
      ['alt+C', () => openLineKey.current && setPhotoLine(openLineKey.current), { usePhysicalKeys: true }],
    ],
    [],
  );
  // Reference 1 (e.g. the RMA label, scanned) + Enter: on to the product field.
  const toProducts = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || e.altKey) return;
    e.preventDefault();
    productRef.current?.focus();
  };
  const company = setup?.customer.company;
  usePageTitle(company ? t`${company}: Blind Return` : t`Blind Return`);

  // The cursor starts in Reference 1 once the form is on screen (the return label is scanned first).
  const ready = setup !== null;
  useEffect(() => {
    if (ready) reference1Ref.current?.focus();
  }, [ready]);
  // The parcel's tracking number is the return's Reference 1 unless one was typed already.
  const parcelTracking = parcel?.tracking_number;
  useEffect(() => {
    if (parcelTracking) setReference1((r) => r || parcelTracking);
  }, [parcelTracking]);

  const firstReason = setup?.reasons[0]?.option_code ?? '';
  const dispositionsQuery = useRouteQuery('listDispositions', { params: { customerId: id } }, { enabled: !!setup, quiet: true });
  const dispositions = dispositionsQuery.data ?? [];
  const newLine = (product: ProductRow): BlindLine => ({
    key: tempId(),
    product,
    quantity: LIMITS.minLedgerQuantity,
    condition: DEFAULT_BLIND_CONDITION,
    reason: firstReason,
    comment: '',
    photoIds: [],
    disposition: defaultDisposition(dispositions, DEFAULT_BLIND_CONDITION) ?? '',
    location: '',
    ...NOT_INSPECTED,
  });
  // Issue 27: a product whose rule has steps or a serial is inspected as at the desk, one unit a line.
  const inspection = useBlindInspection({
    customerId: id,
    lines,
    setLines,
    dispositions,
    newLine,
    onInspected: (_text, more) => {
      if (!more) window.setTimeout(() => productRef.current?.focus(), 0);
    },
  });
  const open = inspection.desk.inspection;
  const openLine = open ? lines.find((l) => l.key === open.entryId) : undefined;
  openLineKey.current = openLine?.key ?? null;

  // The expected return's items become the first lines, once (with the customer's reason the consumer's
  // stands for, and the default dispositions); its RMA is Reference 1 unless one was typed.
  const [expectedApplied, setExpectedApplied] = useState(false);
  useEffect(() => {
    if (expectedApplied || !expected || !setup || !dispositionsQuery.isSuccess) return;
    setExpectedApplied(true);
    setReference1((r) => r || expected.rma);
    const announced = expectedBlind!.items.map((i) => ({
      ...newLine(i.product),
      quantity: Math.min(i.quantity, LIMITS.maxEntryQuantity),
      reason: reasonFor(i.reason, setup.reasons) ?? firstReason,
    }));
    // Issue 27: an announced product whose rule asks at the desk is inspected as a picked one.
    void inspection.addAnnounced(announced);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- newLine reads the setup and dispositions gated above
  }, [expected, setup, dispositionsQuery.isSuccess, expectedApplied]);

  async function save() {
    if (saving || !setup) return;
    inspection.desk.settle();
    if (!reference1.trim()) {
      setRef1Error(messageText('blind.reference1Required', BLIND_MSG.reference1Required));
      reference1Ref.current?.focus();
    }
    // SPEC §5: Save does nothing without lines or Reference 1.
    if (!reference1.trim() || lines.length === 0) return;
    const body: BlindReturnBody = {
      id: draftId,
      reference_1: reference1.trim(),
      reference_2: reference2.trim(),
      return_date: returnDate,
      is_blind: true,
      parcel_id: parcel?.id ?? null,
      expected_return_id: expected?.id ?? null,
      return_ledgers: lines.map((l) => ({
        product_id: l.product.id,
        quantity: l.quantity,
        condition: l.condition,
        reason: l.reason,
        comment: l.comment.trim(),
        photo_ids: l.photoIds,
        disposition: l.disposition || null,
        location: needsBin(dispositions, l.disposition) ? l.location.trim() : '',
        ...savedInspection(l),
      })),
      photo_ids: returnPhotos,
    };
    const saved = await saveReturn.mutateAsync({ params: { customerId: id }, body }).catch((e: unknown) => {
      // The client has shown the failure (e.g. blind returns not enabled); the lines stay.
      if (isApiError(e)) return null;
      throw e;
    });
    if (saved) navigate(saved.to, { replace: true });
  }

  if (!setup) {
    return failed ? (
      <NoCustomer />
    ) : (
      <Group justify="center" py="xl">
        <Loader size="sm" />
      </Group>
    );
  }

  return (
    <Stack>
      <Title order={1} size="h2">
        <Trans>{company}: Blind Return</Trans>
      </Title>
      {parcel && <ParcelBanner parcel={parcel} action={PARCEL_ACTION} />}
      {rma && <ExpectedBanner rma={rma} answer={expectedQuery.isPending ? undefined : expectedBlind} />}
      <Paper withBorder p="md">
        <Group grow align="flex-start">
          <TextInput
            ref={reference1Ref}
            label={t`Reference 1`}
            withAsterisk
            onKeyDown={toProducts}
            maxLength={100}
            value={reference1}
            error={ref1Error}
            onChange={(e) => {
              setReference1(e.currentTarget.value);
              setRef1Error(null);
            }}
          />
          <TextInput
            label={t`Reference 2`}
            maxLength={100}
            value={reference2}
            onKeyDown={toProducts}
            onChange={(e) => setReference2(e.currentTarget.value)}
          />
          <DateInput label={t`Return Date`} value={returnDate} onChange={(v) => v && setReturnDate(v)} />
        </Group>
      </Paper>
      <Paper withBorder p="md">
        <Stack>
          {/* A scan adds one more unit to the product's latest line (a new line for an inspected product). */}
          <ProductSearch
            customerId={id}
            inputRef={productRef}
            onPick={(p) => void inspection.add(p, false)}
            onScan={(p) => void inspection.add(p, true)}
          />
          {open && openLine && (
            <InspectionPanel
              // One panel a unit: the next announced unit's inspection puts the cursor on its first question.
              key={open.entryId}
              inspection={open}
              scale={inspection.scale}
              nextCondition={openLine.condition}
              hasPhoto={openLine.photoIds.length > 0}
              seenSerials={inspection.seenSerials}
              onAction={inspection.desk.act}
              onPhoto={() => setPhotoLine(openLine.key)}
              onStray={() => productRef.current?.focus()}
            />
          )}
          <BlindLinesTable
            lines={lines}
            scale={inspection.scale}
            inspecting={openLine?.key ?? null}
            reasons={setup.reasons}
            dispositions={dispositions}
            onChange={(key, patch) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)))}
            onRemove={(key) => setLines((ls) => ls.filter((l) => l.key !== key))}
            onPhotos={setPhotoLine}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h5" mb="xs">
          <Trans>Photos of the return (parcel, label)</Trans>
        </Title>
        <PhotoCapture
          customerId={id}
          photoIds={returnPhotos}
          onAdd={(photoId) => setReturnPhotos((p) => [...p, photoId])}
          onRemove={(photoId) => setReturnPhotos((p) => p.filter((x) => x !== photoId))}
          label={t`Photos of the return`}
        />
      </Paper>
      <PhotoDialog
        opened={photoLineRow !== undefined}
        onClose={() => setPhotoLine(null)}
        title={t`Photos of ${photoSku}`}
        label={t`Photos of ${photoSku}`}
        customerId={id}
        photoIds={photoLineRow?.photoIds ?? []}
        onAdd={(photoId) => setLines((ls) => ls.map((l) => (l.key === photoLine ? { ...l, photoIds: [...l.photoIds, photoId] } : l)))}
        onRemove={(photoId) =>
          setLines((ls) => ls.map((l) => (l.key === photoLine ? { ...l, photoIds: l.photoIds.filter((x) => x !== photoId) } : l)))
        }
      />
      <Group justify="flex-end">
        <Text size="sm" c="gray.7">
          <Trans>
            <Kbd>Alt</Kbd> + <Kbd>S</Kbd> saves · <Kbd>F2</Kbd> product field
          </Trans>
        </Text>
        <Button leftSection={<IconDeviceFloppy size={16} />} loading={saving} onClick={() => void save()}>
          <Trans>Save Return</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
