// Parcels (issue 11): intake of unknown parcels and the queue of those waiting. The queue's filters
// and the open parcel live in the query string, so a reload or a shared link shows the same.
import { Trans, useLingui } from '@lingui/react/macro';
import { Grid, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { toQueryString } from '../../api/envelope';
import { useSession } from '../../auth/session';
import { usePageTitle } from '../../lib/page-title';
import { IntakeForm } from './IntakeForm';
import { ParcelDrawer } from './ParcelDrawer';
import { DEFAULT_FILTERS, ParcelQueue, type QueueFilters } from './ParcelQueue';

function readFilters(q: URLSearchParams): QueueFilters {
  const page = Number(q.get('page'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    customer_id: q.get('customer_id') || DEFAULT_FILTERS.customer_id,
    state: q.get('state') || DEFAULT_FILTERS.state,
    age: q.get('age') || DEFAULT_FILTERS.age,
  };
}

export default function ParcelsPage() {
  const [query, setQuery] = useSearchParams();
  const filters = readFilters(query);
  const open = /^\d{1,10}$/.test(query.get('open') ?? '') ? Number(query.get('open')) : null;
  const { t } = useLingui();
  const { isBrand } = useSession();
  usePageTitle(t`Parcels`);

  const go = (f: QueueFilters, openId: number | null) =>
    setQuery(toQueryString({ ...f, ...(openId !== null ? { open: openId } : {}) }), { replace: false });

  return (
    <>
      <Title order={1} size="h2" mb="md">
        <Trans>Parcels</Trans>
      </Title>
      <Grid gap="md">
        {/* Intake is the warehouse's; a brand user (issue 25) looks at its customers' parcels. */}
        {!isBrand && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <IntakeForm />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: isBrand ? 12 : 8 }}>
          <ParcelQueue filters={filters} onFilters={(f) => go(f, open)} onOpen={(p) => go(filters, p.id)} withUnassigned={!isBrand} />
        </Grid.Col>
      </Grid>
      <ParcelDrawer parcelId={open} onClose={() => go(filters, null)} readOnly={isBrand} />
    </>
  );
}
