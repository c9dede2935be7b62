import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Checkbox, Group, List, Modal, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { PhotoThumb } from '../../components/photos/PhotoThumb';
import { DiscrepancyBadge } from './DiscrepancyBadge';
import { photoAlt } from './labels';
import type { DiscrepancyTotals, SummaryRow } from './receiving-logic';
import classes from './receiving.module.css';
import { ScrollBox } from '../../components/table/ScrollBox';
import { useHandheld } from '../../lib/device';

export interface SummaryModalProps {
  opened: boolean;
  /** Issue 27: a grade's name in the customer's scale. */
  gradeLabel?: (grade: string) => string;
  rows: SummaryRow[];
  ledgerCount: number;
  /** Issue 16: units missing, wrong and extra in this draft. */
  discrepancies: DiscrepancyTotals;
  submitting: boolean;
  onClose: () => void;
  onConfirm: () => void;
  /** Photos (issue 16): of the whole return, of each order line's new entries, and what the customer's rule misses. */
  returnPhotos: number;
  linePhotos: (lineId: number) => number[];
  photoProblems: string[];
  /** Issue 25: the order lines with a new entry one of the customer's decision rules will hold back, and how many entries. */
  waitingLines?: ReadonlySet<number>;
  waitingCount?: number;
}

/** 'Return Processing Summary' (SPEC §2.7): not closable by an outside click; red rows do not add up. */
export function SummaryModal(props: SummaryModalProps) {
  const { opened, rows, ledgerCount, discrepancies, submitting, onClose, onConfirm } = props;
  const { t, i18n } = useLingui();
  const returnPhotos = props.returnPhotos;
  const waiting = props.waitingCount ?? 0;
  const total = discrepancies.total;
  // Issue 28: more than ordered on a line is said in words and confirmed by a tick, not only a red count;
  // a missing required photo blocks the submit (the server would refuse it) and is listed first.
  const overRows = rows.filter((r) => r.over);
  const [overConfirmed, setOverConfirmed] = useState(false);
  const blocked = ledgerCount === 0 || props.photoProblems.length > 0 || (overRows.length > 0 && !overConfirmed);
  // A handheld gets the summary as a full-screen sheet (issue 28); its table scrolls in its own box.
  const handheld = useHandheld();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t`Return Processing Summary`}
      size="xl"
      fullScreen={handheld}
      closeOnClickOutside={false}
      // The screen puts the cursor back in the scan field itself.
      returnFocus={false}
    >
      {props.photoProblems.length > 0 && (
        <Alert color="red" mb="sm" title={t`Photos missing`} data-testid="summary-photo-problems">
          <List size="sm">
            {props.photoProblems.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {overRows.length > 0 && (
        <Alert color="orange" mb="sm" title={t`More received than ordered`} data-testid="summary-over">
          <List size="sm">
            {overRows.map((r) => {
              const { sku, ordered, received } = r;
              return <List.Item key={r.lineId}>{t`${sku}: ${received} received of ${ordered} ordered`}</List.Item>;
            })}
          </List>
          <Checkbox
            mt="xs"
            label={t`I have counted again: these quantities are right`}
            checked={overConfirmed}
            onChange={(e) => setOverConfirmed(e.currentTarget.checked)}
          />
        </Alert>
      )}
      <ScrollBox label={t`Summary lines`} keyColumn={1} minWidth={640}>
        <Table withTableBorder fz="sm" data-testid="summary-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>SKU</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>UPC</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Name</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Ordered</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans context="received before">Previous</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>New Pristine</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>New Blocked</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Photos</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.lineId} className={r.mismatch ? classes.mismatch : undefined} data-mismatch={r.mismatch || undefined}>
                <Table.Td>{r.sku}</Table.Td>
                <Table.Td>{r.upc}</Table.Td>
                <Table.Td>
                  {r.name}
                  {/* Issue 27: where a rule graded the units, their grades beside the spec's Pristine/Blocked split. */}
                  {r.grades.length > 0 && (
                    <Text fz="xs" c="dimmed" data-testid="summary-grades">
                      {t`Grades: ${r.grades.map((g) => `${props.gradeLabel?.(g.grade) ?? g.grade} × ${g.quantity}`).join(', ')}`}
                    </Text>
                  )}
                  {props.waitingLines?.has(r.lineId) && (
                    <div>
                      <Badge
                        size="sm"
                        variant="light"
                        color="grape"
                        tt="none"
                        h="auto"
                        styles={{ label: { whiteSpace: 'normal' } }}
                        data-testid="summary-will-wait"
                      >
                        <Trans>Will wait for the brand's decision</Trans>
                      </Badge>
                    </div>
                  )}
                </Table.Td>
                <Table.Td ta="right">{r.ordered}</Table.Td>
                <Table.Td ta="right">{r.previous}</Table.Td>
                <Table.Td ta="right">{r.newPristine}</Table.Td>
                <Table.Td ta="right">{r.newBlocked}</Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    {props
                      .linePhotos(r.lineId)
                      .slice(0, 3)
                      .map((id, i) => (
                        <PhotoThumb key={id} id={id} size={24} alt={photoAlt(i18n, i + 1, r.sku)} />
                      ))}
                    {props.linePhotos(r.lineId).length > 3 && <Text fz="xs">+{props.linePhotos(r.lineId).length - 3}</Text>}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollBox>
      {waiting > 0 && (
        <Text size="sm" mt="xs" data-testid="summary-waiting-note">
          {t`${plural(waiting, {
            one: "# new line will wait for the brand's decision: it is submitted as usual, and its default applies if the brand does not answer by the deadline.",
            other:
              "# new lines will wait for the brand's decision: they are submitted as usual, and their default applies if the brand does not answer by the deadline.",
          })}`}
        </Text>
      )}
      <Text size="sm" mt="xs" data-testid="summary-return-photos">
        <Trans>Photos of the return (parcel, label): {returnPhotos}</Trans>
      </Text>
      {discrepancies.total > 0 && (
        <Group gap="xs" mt="sm" data-testid="summary-discrepancies" aria-label={t`Discrepancies`}>
          <Text size="sm" fw={600}>
            <Trans>Discrepancies:</Trans>
          </Text>
          {(['MISSING', 'WRONG_ITEM', 'EXTRA_ITEM'] as const)
            .filter((k) => discrepancies[k] > 0)
            .map((k) => (
              <Group key={k} gap={4}>
                <DiscrepancyBadge kind={k} size="sm" />
                <Text size="sm" fw={600} data-testid={`summary-${k}`}>
                  {discrepancies[k]}
                </Text>
              </Group>
            ))}
          <Text size="sm" fw={700} data-testid="summary-discrepancy-total">
            <Trans>Total {total}</Trans>
          </Text>
        </Group>
      )}
      <Group justify="space-between" mt="md" className={classes.summaryActions}>
        <Text size="sm" c={ledgerCount ? 'dimmed' : 'red'}>
          {ledgerCount ? t`${ledgerCount} new return line(s)` : t`Add at least one return line before submitting.`}
        </Text>
        <Group>
          <Button variant="default" onClick={onClose}>
            <Trans>Back</Trans>
          </Button>
          <Button
            color="green"
            loading={submitting}
            data-autofocus
            data-summary-confirm
            // SPEC §5: does nothing when the return has no ledgers (kept focusable for the keyboard); nor
            // while a required photo is missing or a quantity above the ordered one is not confirmed.
            aria-disabled={blocked}
            disabled={props.photoProblems.length > 0}
            onClick={() => !blocked && onConfirm()}
          >
            <Trans>Confirm &amp; Submit Return</Trans>
          </Button>
        </Group>
      </Group>
    </Modal>
  );
}
