import { useLingui } from '@lingui/react/macro';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LIMITS } from '../../../contract/constants';
import { PARCEL_LIMITS } from '../../../contract/parcel-limits';
import type { ParcelView } from '../../../contract/parcels';
import { useRouteQuery } from '../../api/queries';

const TRACKING = new RegExp(`^[A-Za-z0-9-]{${PARCEL_LIMITS.trackingMin},${PARCEL_LIMITS.trackingMax}}$`);

/**
 * The unknown parcel being matched on Receiving (issue 11). It arrives as `/?parcel=<id>` (Match to
 * order on the Parcels screen) or is picked from the parcels Order Search finds by tracking number;
 * it is kept for the tab (sessionStorage) until the submit closes it or the operator leaves it.
 */
export function useReceivingParcel(userId: number | undefined, onArrive: (parcel: ParcelView) => void) {
  const { t } = useLingui();
  const key = `returns-desk.receiving-parcel.${userId ?? 0}`;
  const [parcel, setParcel] = useState<ParcelView | null>(() => {
    try {
      const raw = window.sessionStorage.getItem(key);
      return raw ? (JSON.parse(raw) as ParcelView) : null;
    } catch {
      return null;
    }
  });
  useEffect(() => {
    if (parcel) window.sessionStorage.setItem(key, JSON.stringify(parcel));
    else window.sessionStorage.removeItem(key);
  }, [key, parcel]);

  const [params, setParams] = useSearchParams();
  const wanted = /^\d{1,10}$/.test(params.get('parcel') ?? '') ? Number(params.get('parcel')) : null;
  const arriving = useRouteQuery('readParcel', { params: { id: wanted ?? 0 } }, { enabled: wanted !== null });
  const arrived = wanted !== null ? arriving.data : undefined;
  useEffect(() => {
    if (!arrived) return;
    setParams({}, { replace: true });
    if (arrived.state !== 'Waiting') {
      const tracking = arrived.tracking_number;
      // One sentence per state, so each language can phrase it.
      const message =
        arrived.state === 'Matched'
          ? t`Parcel ${tracking} is matched.`
          : arrived.state === 'Converted'
            ? t`Parcel ${tracking} is converted.`
            : t`Parcel ${tracking} is closed.`;
      notifications.show({
        // One id: an arrival handled twice (StrictMode runs a mount's effects twice when the parcel
        // was cached already) says it once.
        id: `parcel-not-waiting-${arrived.id}`,
        color: 'red',
        title: t`Parcel not waiting`,
        message,
      });
      return;
    }
    setParcel(arrived);
    onArrive(arrived);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per arrival
  }, [arrived]);

  return { parcel, setParcel };
}

/** Waiting parcels whose tracking number is the reference typed or scanned in Order Search. */
export function useParcelLookup(reference: string): ParcelView[] {
  const [debounced] = useDebouncedValue(reference.replace(/\s+/g, ''), LIMITS.searchDebounceMs);
  const enabled = TRACKING.test(debounced);
  const query = useRouteQuery('listParcels', { query: { tracking_number: debounced, state: 'Waiting' } }, { enabled, quiet: true });
  return enabled ? (query.data?.data ?? []) : [];
}
