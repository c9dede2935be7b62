// What a blind return starts from (SPEC §2.8): the customer's setup, an unknown parcel being converted
// (issue 11, `?parcel=<id>`) and an expected return opened from the desk (issue 26, `?rma=<rma>`).
import { useParams, useSearchParams } from 'react-router';
import { useRouteQuery } from '../../api/queries';
import { useExpectedBlind } from './use-expected-blind';

const ID = /^\d{1,10}$/;

export function useBlindSources() {
  const { customerId = '' } = useParams();
  const id = ID.test(customerId) ? Number(customerId) : NaN;
  // Quiet: an unknown customer is answered by the page's alerts, not by a notification.
  const setupQuery = useRouteQuery('blindSetup', { params: { customerId: id } }, { enabled: Number.isFinite(id), quiet: true });
  // The parcel's save closes it; only a waiting parcel is converted.
  const [params] = useSearchParams();
  const parcelId = ID.test(params.get('parcel') ?? '') ? Number(params.get('parcel')) : null;
  const parcelQuery = useRouteQuery('readParcel', { params: { id: parcelId ?? 0 } }, { enabled: parcelId !== null });
  // The expected return's save marks it received; one received already adds nothing.
  const rma = params.get('rma')?.trim() || null;
  const expectedQuery = useExpectedBlind(id, rma);
  const expectedBlind = expectedQuery.data ?? null;
  return {
    id,
    setup: setupQuery.data ?? null,
    failed: !Number.isFinite(id) || setupQuery.isError,
    parcel: parcelId !== null && parcelQuery.data?.state === 'Waiting' ? parcelQuery.data : null,
    rma,
    expectedQuery,
    expectedBlind,
    expected: expectedBlind?.expected.status === 'received' ? null : (expectedBlind?.expected ?? null),
  };
}
