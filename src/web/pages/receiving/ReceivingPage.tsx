import { Trans, useLingui } from '@lingui/react/macro';
import { Center, Loader, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPackageImport } from '@tabler/icons-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { LIMITS, RESERVED_COMPANY, type SearchField } from '../../../contract/constants';
import type { OrderSearchResult } from '../../../contract/orders';
import { isApiError, useRouteMutation } from '../../api/queries';
import { useSession } from '../../auth/session';
import { tempId, today } from '../../lib/draft-defaults';
import { COARSE_POINTER } from '../../lib/device';
import { OrderSearchPanel } from './OrderSearchPanel';
import { SearchResults } from './SearchResults';
import { useOrderSearch, useSearchNow } from './use-order-search';
import classes from './receiving.module.css';
import { useReceiving, useReceivingStore } from './use-receiving-state';
import { usePageTitle } from '../../lib/page-title';
import { lazyPage } from '../../lib/lazy-page';
import { PageLoader } from '../../components/PageLoader';
import { useExpectedForOrder } from './expected-store';
import { useExpectedScan } from './use-expected-scan';
import { useOpenExpected } from './use-open-expected';
import { useParcelLookup, useReceivingParcel } from './use-receiving-parcel';

// The order panel (its table, forms, DateInput, NumberInput) is not needed to search: it loads in the
// background once a customer is chosen, so it is there when an order opens (issue 13).
const loadOrderPanel = () => import('./StoredOrderPanel');
const OrderPanel = lazyPage(async () => ({ default: (await loadOrderPanel()).StoredOrderPanel }));
// Only while an unknown parcel is being matched (issue 11): its banner and photo strip load then.
const ParcelBanner = lazyPage(async () => ({ default: (await import('../../components/parcel/ParcelBanner')).ParcelBanner }), ['ondemand']);
// Shown for a reference that is a parcel's tracking number, and for a label's expected items (issue
// 26) only: each loads the first time it has something to show (issue 23's budget).
const ParcelResults = lazyPage(async () => ({ default: (await import('./ParcelResults')).ParcelResults }), ['ondemand']);
const ExpectedItemsCard = lazyPage(async () => ({ default: (await import('./ExpectedItemsCard')).ExpectedItemsCard }), ['ondemand']);

/** What this screen does with an unknown parcel: a code the banner turns into its own sentence. */
const PARCEL_ACTION = 'Matching';

/** Return Processing, route / (SPEC §2.7, §4 Order processing). */
export default function ReceivingPage() {
  const { t } = useLingui();
  const session = useSession();
  const account = session.account;
  // The page reads the open order only: a scan changes the draft, which the order panel alone reads.
  const store = useReceivingStore(account?.id);
  const order = useReceiving(store, (s) => s.order);
  /** Read when it is needed, not rendered: the draft's own changes do not render the page. */
  const processing = () => store.getState().processing;
  // The open order's expected items (issue 26): the card's code loads only for an order that has them.
  const expected = useExpectedForOrder(order?.id);
  // The draft's customer after a reload; an operator with a single customer starts with it; else the
  // customer this operator chose last on this browser (issue 28: the first keystroke is the reference).
  const lastCustomerKey = `returns-desk.receiving-customer.${account?.id ?? 0}`;
  const [customerId, setCustomerIdState] = useState<string | null>(() => {
    const { draft } = store.getState();
    if (draft) return String(draft.customer_id);
    const visible = session.customers.filter((c) => c.company !== RESERVED_COMPANY);
    if (visible.length === 1) return String(visible[0]!.id);
    const last = window.localStorage.getItem(lastCustomerKey);
    return visible.some((c) => String(c.id) === last) ? last : null;
  });
  const setCustomerId = (id: string | null) => {
    setCustomerIdState(id);
    if (id) window.localStorage.setItem(lastCustomerKey, id);
  };
  // The search reference outlives a reload of the tab (with the draft), not the browser session.
  const referenceKey = `returns-desk.receiving-search.${account?.id ?? 0}`;
  const [reference, setReference] = useState(() => window.sessionStorage.getItem(referenceKey) ?? '');
  useEffect(() => window.sessionStorage.setItem(referenceKey, reference), [referenceKey, reference]);
  const [field, setField] = useState<SearchField>('orderNo');
  const customer = session.customerById(customerId);
  const isRest = customer?.order_source === 'Biztalk Rest';
  const search = useOrderSearch(customer ? customerId : null, reference, isRest ? field : null);
  const searchNow = useSearchNow();
  // Issue 11: the unknown parcel being matched, and the waiting parcels the reference names.
  const { parcel, setParcel } = useReceivingParcel(account?.id, (p) => {
    if (p.customer_id !== null && !processing()) setCustomerId(String(p.customer_id));
  });
  const parcelHits = useParcelLookup(customer ? reference : '');
  // Loading an order is a write: a result from a live source is imported first (docs/decisions.md).
  const loadOrder = useRouteMutation('loadOrder');
  const loadingOrder = loadOrder.isPending;
  const referenceRef = useRef<HTMLInputElement>(null);
  const customerRef = useRef<HTMLInputElement>(null);
  // The cursor starts where the first keystroke belongs (issue 28): Search Reference, ready for a scan,
  // with a customer already chosen; else the customer field, not 7 Tabs away behind the top bar.
  // Not on a touch screen: there a focused field opens the on-screen keyboard, and the customer
  // field its list, over the page before the operator has touched anything.
  // Nor when the operator has already opened a menu or a dialog (the page's code loads lazily: a menu
  // opened from the keyboard meanwhile keeps its focus, and its trigger gets it back on Escape).
  useEffect(() => {
    if (order || window.matchMedia(COARSE_POINTER).matches) return;
    if (document.activeElement?.closest('[role="menu"], [role="dialog"], [aria-haspopup]')) return;
    if (!customer) return customerRef.current?.focus();
    // Selected: the reference kept from before the reload is replaced by the next scan, not appended to.
    referenceRef.current?.focus();
    referenceRef.current?.select();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on arrival
  }, []);
  // A customer picked by the operator (again, too): the reference is the next thing typed (its input
  // was disabled until now, so the focus moves after the render that enables it).
  const customerPicked = () => window.setTimeout(() => referenceRef.current?.focus(), 0);
  usePageTitle(t`Return Processing`);
  const wantsOrderPanel = customer !== undefined || order !== null;
  useEffect(() => {
    // A failed preload is not an error yet: opening an order tries again and reports a failure then.
    if (wantsOrderPanel) loadOrderPanel().catch(() => undefined);
  }, [wantsOrderPanel]);

  const select = async (result: OrderSearchResult) => {
    if (processing()) {
      notifications.show({
        // One id: five refused clicks show one notice, not a pile over the order panel.
        id: 'cannot-switch-return',
        color: 'red',
        title: t`Cannot switch to another return`,
        message: t`Please close the return currently being processed first.`,
      });
      return;
    }
    if (!account || !customer || loadingOrder) return;
    const loaded = await loadOrder
      .mutateAsync({
        params: { source: result.source, id: result.id ?? 'new' },
        body: { customer_id: customer.id, data: result.data },
      })
      .catch((e: unknown) => {
        // The client has shown the failure; anything else is a bug and must surface.
        if (isApiError(e)) return null;
        throw e;
      });
    if (loaded) store.dispatch({ type: 'select', order: loaded, user: account, draftId: tempId(), today: today() });
    return loaded;
  };

  const findExpected = useExpectedScan();
  const openExpected = useOpenExpected({ searchNow, select, field: isRest ? field : null, setReference });

  /** A full reference + Enter (or a scan) opens the order at once when it is the only match. */
  const openByReference = async (text: string) => {
    const search = text.trim();
    if (!customer || search.length < LIMITS.searchMinLength) return;
    const [results, expected] = await Promise.all([
      searchNow(String(customer.id), search, isRest ? field : null).catch((e: unknown) => {
        if (isApiError(e)) return [];
        throw e;
      }),
      findExpected(customer.id, search),
    ]);
    // A pre-advised return's label (issue 26) opens its order, or a blind return, with its items.
    if (expected && !processing()) return openExpected(customer, expected);
    if (results.length === 1) await select(results[0]!);
  };

  const orderCustomer = order ? session.customerById(order.customer_id) : undefined;
  return (
    // Two columns (receiving.module.css .layout): at 1366 px the order panel gets 20 of 24, room for a
    // line's row with its whole form.
    <div className={classes.layout} data-order-open={order ? true : undefined}>
      {/* The screen's name for screen readers; the panels carry their own visible titles. */}
      <VisuallyHidden component="h1">
        <Trans>Return Processing</Trans>
      </VisuallyHidden>
      <div>
        <Stack gap="md">
          <OrderSearchPanel
            customer={customer}
            customerId={customerId}
            onCustomerChange={setCustomerId}
            onCustomerPicked={customerPicked}
            customerRef={customerRef}
            field={field}
            onFieldChange={setField}
            reference={reference}
            onReferenceChange={setReference}
            onReferenceEnter={(text) => void openByReference(text)}
            referenceRef={referenceRef}
          />
          {parcel && (
            <Suspense fallback={<Loader size="sm" type="dots" aria-label={t`Loading the parcel`} />}>
              <ParcelBanner parcel={parcel} action={PARCEL_ACTION} onLeave={() => setParcel(null)} />
            </Suspense>
          )}
          {parcelHits.length > 0 && (
            <Suspense fallback={null}>
              <ParcelResults
                parcels={parcelHits}
                activeId={parcel?.id ?? null}
                onPick={(p) => {
                  setParcel(p);
                  if (p.customer_id !== null && !processing()) setCustomerId(String(p.customer_id));
                }}
              />
            </Suspense>
          )}
          {order && expected && (
            <Suspense fallback={null}>
              <ExpectedItemsCard order={order} store={store} />
            </Suspense>
          )}
          <SearchResults
            // The list shows the status the open order has now (it turns green once a return is saved).
            results={search.results.map((r) => (order && r.id === order.id ? { ...r, order_status: order.order_status } : r))}
            loading={search.loading || loadingOrder}
            searched={search.searched}
            selectedId={order?.id ?? null}
            onSelect={(r) => void select(r)}
          />
        </Stack>
      </div>
      <div>
        {order ? (
          <Suspense fallback={<PageLoader />}>
            <OrderPanel key={order.id} store={store} customer={orderCustomer} parcel={parcel} onParcelMatched={() => setParcel(null)} />
          </Suspense>
        ) : (
          <Paper withBorder p="xl">
            <Center>
              <Stack align="center" gap="xs">
                <IconPackageImport size={40} stroke={1.3} color="var(--mantine-color-gray-5)" />
                <Text c="dimmed">
                  <Trans>Choose a customer, search an order reference and pick the order to receive a return.</Trans>
                </Text>
              </Stack>
            </Center>
          </Paper>
        )}
      </div>
    </div>
  );
}
