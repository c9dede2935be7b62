// Return View's photos and lines (SPEC §2.10, issue 16): each line with its photos, and the photos
// of lines a correction removed; every photo opens the viewer at its place.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { ScrollBox } from '../../components/table/ScrollBox';
import type { ReturnView } from '../../../contract/return-view';
import { PhotoThumb } from '../../components/photos/PhotoThumb';
import type { ViewerPhoto } from '../../components/photos/PhotoViewer';
import { DiscrepancyBadge } from '../receiving/DiscrepancyBadge';
import { CONDITION_LABEL, labelOf } from '../history/labels';
import { LineDecision } from './LineDecision';
import { LineInspection } from './LineInspection';

/** Photos of lines a correction removed: kept as evidence of the earlier version (docs/decisions.md). */
const removedLinePhotos = (r: ReturnView) =>
  r.photos.filter((p) => p.ledger_id !== null && !r.lines.some((l) => l.id === p.ledger_id)).map((p) => p.id);

/** Every photo of the return in viewer order: the return's own first, then each line's, then removed lines'. */
export function viewerPhotos(r: ReturnView, t: (d: MessageDescriptor) => string): ViewerPhoto[] {
  const own = r.photos.filter((p) => p.ledger_id === null).map((p) => ({ id: p.id, caption: t(msg`the return (parcel, label)`) }));
  const lines = r.lines.flatMap((l, i) => {
    const [number, sku] = [i + 1, l.product.sku];
    return r.photos.filter((p) => p.ledger_id === l.id).map((p) => ({ id: p.id, caption: t(msg`line ${number}, ${sku}`) }));
  });
  const removed = removedLinePhotos(r).map((id) => ({ id, caption: t(msg`a line removed by a correction`) }));
  return [...own, ...lines, ...removed];
}

function Thumbs({ ids, photos, label, onOpen }: { ids: number[]; photos: ViewerPhoto[]; label: string; onOpen: (index: number) => void }) {
  const { t } = useLingui();
  return (
    <Group gap={4} wrap="wrap">
      {ids.map((id, i) => {
        const number = i + 1;
        return (
          <PhotoThumb
            key={id}
            id={id}
            size={40}
            alt={t`Photo ${number} of ${label}`}
            onOpen={() => onOpen(photos.findIndex((p) => p.id === id))}
          />
        );
      })}
    </Group>
  );
}

export function ReturnPhotos({ r, onOpen }: { r: ReturnView; onOpen: (index: number) => void }) {
  const { t } = useLingui();
  const own = r.photos.filter((p) => p.ledger_id === null).map((p) => p.id);
  const removed = removedLinePhotos(r);
  const photos = viewerPhotos(r, (d) => t(d));
  if (!own.length && !removed.length) return null;
  return (
    <Paper withBorder p="md" data-testid="return-photos">
      {own.length > 0 && (
        <>
          <Title order={2} size="h5" mb="sm">
            <Trans>Photos of the return</Trans>
          </Title>
          <Thumbs ids={own} photos={photos} label={t`the return`} onOpen={onOpen} />
        </>
      )}
      {removed.length > 0 && (
        <div data-testid="removed-line-photos">
          <Title order={2} size="h5" mt={own.length ? 'sm' : 0} mb="sm">
            <Trans>Photos of lines removed by a correction</Trans>
          </Title>
          <Thumbs ids={removed} photos={photos} label={t`a removed line`} onOpen={onOpen} />
        </div>
      )}
    </Paper>
  );
}

export function ReturnLines({ r, onOpen }: { r: ReturnView; onOpen: (index: number) => void }) {
  const { t } = useLingui();
  const photos = viewerPhotos(r, (d) => t(d));
  const hasPhotos = r.photos.some((p) => r.lines.some((l) => l.id === p.ledger_id));
  // Issue 25: a line's latest decision (a line may have waited again after a correction).
  const decisionOf = (ledgerId: number) => r.decisions.filter((d) => d.ledger_id === ledgerId).at(-1);
  const hasDecisions = r.lines.some((l) => decisionOf(l.id));
  // Issue 27: the column is there only when a line was inspected by a rule (a return without looks as before).
  const hasInspection = r.lines.some((l) => l.inspection);
  return (
    <Stack gap="sm">
      <ScrollBox label={t`Return lines`} keyColumn={1}>
        <Table striped withTableBorder data-testid="return-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Product</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Returned</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Condition</Trans>
              </Table.Th>
              {hasInspection && (
                <Table.Th>
                  <Trans>Inspection</Trans>
                </Table.Th>
              )}
              <Table.Th>
                <Trans>Reason</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Comment</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Disposition</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Bin</Trans>
              </Table.Th>
              {hasDecisions && (
                <Table.Th>
                  <Trans>Brand's decision</Trans>
                </Table.Th>
              )}
              {hasPhotos && (
                <Table.Th>
                  <Trans>Photos</Trans>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.lines.map((l) => {
              const replaced = l.replaces_line_number;
              return (
                <Table.Tr key={l.id} data-testid="return-line" data-discrepancy={l.discrepancy ?? undefined}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {l.product.sku}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {l.product.name_1}
                    </Text>
                    {l.discrepancy && (
                      <Group gap={4} mt={2}>
                        <DiscrepancyBadge kind={l.discrepancy} />
                        {l.replaces_line_number !== null && (
                          <Text size="xs" c="dimmed">
                            <Trans>instead of order line {replaced}</Trans>
                          </Text>
                        )}
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td>{l.quantity}</Table.Td>
                  <Table.Td>{labelOf(CONDITION_LABEL, l.condition, (d) => t(d))}</Table.Td>
                  {hasInspection && <Table.Td>{l.inspection && <LineInspection inspection={l.inspection} blind={r.is_blind} />}</Table.Td>}
                  <Table.Td>{l.reason_text ?? l.reason}</Table.Td>
                  <Table.Td>{l.comment}</Table.Td>
                  <Table.Td>{l.disposition_text ?? l.disposition}</Table.Td>
                  <Table.Td ff="monospace">{l.location}</Table.Td>
                  {hasDecisions && <Table.Td>{decisionOf(l.id) && <LineDecision d={decisionOf(l.id)!} />}</Table.Td>}
                  {hasPhotos && (
                    <Table.Td>
                      <Thumbs
                        ids={r.photos.filter((p) => p.ledger_id === l.id).map((p) => p.id)}
                        photos={photos}
                        label={l.product.sku}
                        onOpen={onOpen}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollBox>
      {r.missing_lines.length > 0 && (
        <Table withTableBorder data-testid="return-missing" aria-label={t`Missing from the parcel`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Missing from the parcel</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Order line</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Missing</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.missing_lines.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>
                  <Group gap={6}>
                    <DiscrepancyBadge kind="MISSING" />
                    <Text size="sm" fw={600}>
                      {m.product.sku}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {m.product.name_1}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>{m.order_line_number}</Table.Td>
                <Table.Td>{m.quantity}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
