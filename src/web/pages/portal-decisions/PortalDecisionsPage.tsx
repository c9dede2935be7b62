// The brand's Decisions queue (issue 25): its customers' lines that wait for its decision, oldest
// first with the time left and their photos; a disposition and an optional comment per line, decided
// one at a time or several at once. A line decided meanwhile (another user, the deadline) answers
// 409: the screen says so and reads the queue again. The decided lines are one switch away.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DecisionState, LineDecisionView } from '../../../contract/decisions';
import { isApiError, useRouteMutation, useRouteQuery } from '../../api/queries';
import { ALL_CUSTOMERS, CustomerSelect } from '../../components/CustomerSelect';
import { PortalOnly } from '../../components/PortalOnly';
import { PhotoViewer } from '../../components/photos/PhotoViewer';
import { contractText } from '../../i18n/contract-text';
import { usePageTitle } from '../../lib/page-title';
import { DecidedCard, WaitingCard, type LineChoice } from './DecisionCard';

type Errors = Record<number, { disposition?: string; comment?: string }>;
const NO_CHOICE: LineChoice = { disposition: null, comment: '' };

/** The dispositions a brand may choose for a customer: those that need no bin (the warehouse picks bins). */
function useDispositionChoices(customerIds: number[]) {
  const first = customerIds[0];
  const second = customerIds[1];
  // A queue rarely spans more than a couple of customers; each list is read once and cached.
  const a = useRouteQuery('listDispositions', { params: { customerId: first ?? 0 } }, { enabled: first !== undefined });
  const b = useRouteQuery('listDispositions', { params: { customerId: second ?? 0 } }, { enabled: second !== undefined });
  return (customerId: number) => {
    const list = customerId === first ? a.data : customerId === second ? b.data : undefined;
    return (list ?? []).filter((d) => !d.requires_location).map((d) => ({ value: d.code, label: `${d.code} – ${d.name}` }));
  };
}

function DecisionsScreen() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const state = (params.get('state') ?? 'awaiting') as DecisionState;
  const customer = params.get('customer_id') ?? ALL_CUSTOMERS;
  const query = { state, ...(customer !== ALL_CUSTOMERS ? { customer_id: Number(customer) } : {}) };
  const queue = useRouteQuery('listDecisions', { query });
  const lines = useMemo(() => queue.data?.data ?? [], [queue.data]);
  const [choices, setChoices] = useState<Record<number, LineChoice>>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [conflict, setConflict] = useState(false);
  const [deciding, setDeciding] = useState<number[]>([]);
  const [viewing, setViewing] = useState<number | null>(null);
  const customerIds = useMemo(() => [...new Set(lines.map((l) => l.customer_id))], [lines]);
  const dispositionsOf = useDispositionChoices(customerIds);
  const photos = useMemo(
    () =>
      lines.flatMap((l) =>
        l.photo_ids.map((id, i) => {
          const [sku, number] = [l.sku, i + 1];
          return { id, caption: t`${sku}, photo ${number}` };
        }),
      ),
    [lines, t],
  );

  const choose = (next: { state?: string; customer_id?: string | null }) => {
    const q = new URLSearchParams(params);
    if (next.state) q.set('state', next.state);
    if (next.customer_id) q.set('customer_id', next.customer_id);
    setParams(q);
    setSelected([]);
    setErrors({});
    setConflict(false);
  };

  const decide = useRouteMutation('decideLines', {
    invalidates: ['listDecisions', 'readReturn', 'listReturns'],
    quietFor: [409, 422],
    toInput: (ids: number[]) => ({
      body: {
        decisions: ids.map((id) => ({ id, disposition: choices[id]?.disposition ?? '', comment: choices[id]?.comment || null })),
      },
    }),
    onMutate: (ids) => {
      setDeciding(ids);
      setConflict(false);
    },
    onSettled: () => setDeciding([]),
    onSuccess: (answer, ids) => {
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      const count = answer.data.length;
      notifications.show({ color: 'green', message: count === 1 ? t`Decision saved.` : t`${count} decisions saved.` });
    },
    onError: (error, ids) => {
      if (isApiError(error) && error.status === 409) {
        setConflict(true);
        void queue.refetch();
        return;
      }
      if (isApiError(error) && error.failure.code === 422 && error.failure.errors) {
        const next: Errors = {};
        for (const [path, messages] of Object.entries(error.failure.errors)) {
          const m = /^decisions\.(\d+)\.(disposition|comment)$/.exec(path);
          const id = m ? ids[Number(m[1])] : undefined;
          if (id !== undefined) next[id] = { ...next[id], [m![2]!]: contractText(messages.join(' ')) };
        }
        setErrors(next);
      }
    },
  });

  /** Every line to decide needs a disposition; the missing ones are named before anything is sent. */
  function submit(ids: number[]) {
    const missing = ids.filter((id) => !choices[id]?.disposition);
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((id) => [id, { disposition: t`Choose a disposition` }])));
      return;
    }
    setErrors({});
    decide.mutate(ids);
  }

  const waiting = state === 'awaiting';
  const allSelected = lines.length > 0 && selected.length === lines.length;
  const count = selected.length;
  const total = lines.length;

  return (
    <Stack>
      <Title order={1} size="h2">
        <Trans>Decisions</Trans>
      </Title>
      <Text c="dimmed" size="sm">
        {waiting ? (
          <Trans>
            These returned items wait for your decision. Choose what happens to each; without an answer by its deadline the default applies.
          </Trans>
        ) : (
          <Trans>The lines decided by your users, or given their default when no answer came, newest first.</Trans>
        )}
      </Text>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <CustomerSelect withAll value={customer} onChange={(v) => choose({ customer_id: v })} w={280} maw="100%" />
        <SegmentedControl
          aria-label={t`Which lines`}
          value={state}
          onChange={(v) => choose({ state: v })}
          data={[
            { value: 'awaiting', label: t`Waiting` },
            { value: 'decided', label: t`Decided` },
            { value: 'defaulted', label: t`By default` },
          ]}
        />
      </Group>

      {conflict && (
        <Alert
          color="orange"
          variant="light"
          role="alert"
          title={t`Decided meanwhile`}
          withCloseButton
          onClose={() => setConflict(false)}
          closeButtonLabel={t`Dismiss`}
        >
          <Trans>
            A line was decided meanwhile, by another user or by its deadline. Nothing of this decision was saved; the queue shows what still
            waits.
          </Trans>
        </Alert>
      )}
      {queue.isPending && <Loader size="sm" aria-label={t`Loading the decisions`} />}
      {queue.isError && (
        <Alert color="red" variant="light" role="alert" title={t`The decisions could not be loaded`}>
          <Button variant="light" onClick={() => void queue.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      )}
      {queue.isSuccess && lines.length === 0 && (
        <Alert color="blue" variant="light" data-testid="decisions-empty">
          {waiting ? <Trans>Nothing waits for your decision.</Trans> : <Trans>No lines here yet.</Trans>}
        </Alert>
      )}

      {waiting && lines.length > 0 && (
        <Group justify="space-between" wrap="wrap" gap="sm" data-testid="decisions-toolbar">
          <Checkbox
            label={t`Select all (${total})`}
            checked={allSelected}
            indeterminate={count > 0 && !allSelected}
            onChange={(e) => setSelected(e.currentTarget.checked ? lines.map((l) => l.id) : [])}
          />
          <Button disabled={count === 0} loading={decide.isPending && deciding.length > 1} onClick={() => submit(selected)}>
            <Trans>Decide selected ({count})</Trans>
          </Button>
        </Group>
      )}

      <Stack gap="sm" data-testid="decisions-list">
        {lines.map((d: LineDecisionView) =>
          waiting ? (
            <WaitingCard
              key={d.id}
              d={d}
              dispositions={dispositionsOf(d.customer_id)}
              choice={choices[d.id] ?? NO_CHOICE}
              errors={errors[d.id] ?? {}}
              selected={selected.includes(d.id)}
              deciding={deciding.length === 1 && deciding[0] === d.id}
              onSelect={(on) => setSelected((s) => (on ? [...s, d.id] : s.filter((x) => x !== d.id)))}
              onChoice={(c) => setChoices((all) => ({ ...all, [d.id]: c }))}
              onDecide={() => submit([d.id])}
              onOpenPhoto={(id) => setViewing(photos.findIndex((p) => p.id === id))}
            />
          ) : (
            <DecidedCard key={d.id} d={d} onOpenPhoto={(id) => setViewing(photos.findIndex((p) => p.id === id))} />
          ),
        )}
      </Stack>
      <PhotoViewer photos={photos} index={viewing} onIndex={setViewing} />
    </Stack>
  );
}

export default function PortalDecisionsPage() {
  const { t } = useLingui();
  usePageTitle(t`Decisions`);
  return (
    <PortalOnly>
      <DecisionsScreen />
    </PortalOnly>
  );
}
