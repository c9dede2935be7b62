// Blind Return (SPEC §2.8, §4 Blind return): a return with no original order. The route does not check
// can_blind (SPEC §6); the server refuses the save for a customer without it.
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, Group, Kbd, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { DateInput } from '../../components/dates/DateInput';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { BLIND_MSG, type ProductRow } from '../../../contract/blind';
import { DEFAULT_BLIND_CONDITION, LIMITS } from '../../../contract/constants';
import { isApiError, useRouteMutation, useRouteQuery } from '../../api/queries';
import { blindReturnBody } from './blind-body';
import { useBlindSources } from './use-blind-sources';
import { tempId, today } from '../../lib/draft-defaults';
import { PhotoCapture } from '../../components/photos/PhotoCapture';
import { BlindLinePhotos } from './BlindLinePhotos';
import { defaultDisposition } from '../../../contract/disposition-rules';
import { BlindLinesTable, type BlindLine } from './BlindLinesTable';
import { ProductSearch } from './ProductSearch';
import { usePageTitle } from '../../lib/page-title';
import { messageText } from '../../i18n/server-text';
import { ParcelBanner } from '../../components/parcel/ParcelBanner';
import { reasonFor } from '../receiving/expected-match';
import { ExpectedBanner, NoCustomer } from './BlindBanners';
import { NOT_INSPECTED } from './blind-inspection';
import { useBlindInspection } from './use-blind-inspection';
import { InspectionPanel } from '../receiving/inspection/InspectionPanel';

const PARCEL_ACTION = 'Converting'; // a code: the banner says it in the reader's language

export default function BlindReturnPage() {
  const { t } = useLingui();
  const { id, setup, failed, parcel, rma, expectedQuery, expectedBlind, expected } = useBlindSources();
  const navigate = useNavigate();
  const saveReturn = useRouteMutation('saveBlindReturn', { invalidates: ['listReturns', 'listParcels', 'readParcel'] });
  const saving = saveReturn.isPending;
  const [draftId] = useState(tempId);
  const [reference1, setReference1] = useState('');
  const [reference2, setReference2] = useState('');
  const [returnDate, setReturnDate] = useState<string>(today());
  const [lines, setLines] = useState<BlindLine[]>([]);
  // Photos (issue 16): of the whole return, and the line whose photo dialog is open.
  const [returnPhotos, setReturnPhotos] = useState<number[]>([]);
  const [photoLine, setPhotoLine] = useState<string | null>(null);
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
    const draft = { id: draftId, reference1, reference2, returnDate, lines, returnPhotos };
    const body = blindReturnBody({ ...draft, parcelId: parcel?.id ?? null, expectedReturnId: expected?.id ?? null }, dispositions);
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
        {/* One above the other on a handheld (issue 28), so a scanned RMA and the date show whole. */}
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
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
        </SimpleGrid>
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
      <BlindLinePhotos customerId={id} lines={lines} lineKey={photoLine} setLines={setLines} onClose={() => setPhotoLine(null)} />
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
