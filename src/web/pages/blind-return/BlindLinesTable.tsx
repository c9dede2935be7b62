// The lines of a blind return (SPEC §2.8): ID, SKU, UPC, Name, Color | Size, Condition, Quantity, Reason, Comment, then issue 16's Disposition, Bin, Photos and remove.
// Issue 27: an inspected line shows its grade and serial under its SKU (a serial is one unit).
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Group, NumberInput, Select, Table, Text, TextInput } from '@mantine/core';
import { IconCamera, IconTrash } from '@tabler/icons-react';
import type { BlindSetup, ProductRow } from '../../../contract/blind';
import { LIMITS, type LedgerCondition } from '../../../contract/constants';
import type { DispositionView } from '../../../contract/dispositions';
import { conditionOptions } from '../receiving/labels';
import { dispositionOptions, needsBin, withCondition } from '../receiving/LedgerEntryForm';
import { ScrollBox } from '../../components/table/ScrollBox';
import type { GradeScaleEntry } from '../../../contract/inspection-rules';
import { regraded, type BlindInspected } from './blind-inspection';

export interface BlindLine extends BlindInspected {
  key: string;
  product: ProductRow;
  quantity: number;
  condition: LedgerCondition;
  reason: string;
  comment: string;
  /** Photos of this line (issue 16). */
  photoIds: number[];
  /** Issue 16: the disposition code ('' none) and the bin of one that needs it. */
  disposition: string;
  location: string;
}

export function BlindLinesTable({
  lines,
  reasons,
  dispositions,
  onChange,
  onRemove,
  onPhotos,
  scale,
  inspecting = null,
}: {
  /** The line whose unit is being inspected (its row is marked: the panel above names it only to a screen reader). */
  inspecting?: string | null;
  lines: BlindLine[];
  /** The customer's grade names (issue 27). */
  scale: readonly GradeScaleEntry[];
  reasons: BlindSetup['reasons'];
  dispositions: DispositionView[];
  onChange: (key: string, patch: Partial<BlindLine>) => void;
  onRemove: (key: string) => void;
  onPhotos: (key: string) => void;
}) {
  const { t, i18n } = useLingui();
  const reasonData = reasons.map((r) => ({ value: r.option_code, label: r.option_value || r.option_code }));
  return (
    <ScrollBox label={t`Return lines`} keyColumn={2} minWidth={1280}>
      <Table striped withTableBorder verticalSpacing={4} data-testid="blind-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>ID</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>SKU</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>UPC</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Color | Size</Trans>
            </Table.Th>
            <Table.Th w={160}>
              <Trans>Condition</Trans>
            </Table.Th>
            <Table.Th w={100}>
              <Trans>Quantity</Trans>
            </Table.Th>
            <Table.Th w={190}>
              <Trans>Reason</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Comment</Trans>
            </Table.Th>
            <Table.Th w={140}>
              <Trans>Disposition</Trans>
            </Table.Th>
            <Table.Th w={110}>
              <Trans>Bin</Trans>
            </Table.Th>
            <Table.Th w={96}>
              <Trans>Photos</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => {
            const sku = l.product.sku;
            const photoCount = l.photoIds.length;
            const gradeLabel = scale.find((g) => g.grade === l.grade)?.label ?? l.grade;
            const serial = l.serial;
            return (
              <Table.Tr
                key={l.key}
                data-testid="blind-line"
                data-sku={l.product.sku}
                data-inspecting={l.key === inspecting || undefined}
                bg={l.key === inspecting ? 'var(--mantine-color-blue-light)' : undefined}
              >
                <Table.Td>{l.product.id}</Table.Td>
                <Table.Td>
                  {l.product.sku}
                  {(gradeLabel || serial) && (
                    <Group gap={4} mt={2} data-testid="blind-line-inspection">
                      {gradeLabel && (
                        <Badge size="xs" variant="light">
                          <Trans>Grade {gradeLabel}</Trans>
                        </Badge>
                      )}
                      {serial && (
                        <Text fz="xs" span>
                          <Trans>Serial {serial}</Trans>
                        </Text>
                      )}
                      {l.serialShipped === false && (
                        <Badge size="xs" color="orange" variant="light">
                          <Trans>not shipped</Trans>
                        </Badge>
                      )}
                      {l.serialRepeated && (
                        <Badge size="xs" color="red" variant="light">
                          <Trans>received before</Trans>
                        </Badge>
                      )}
                    </Group>
                  )}
                </Table.Td>
                <Table.Td>{l.product.upc}</Table.Td>
                <Table.Td>{l.product.name_1}</Table.Td>
                <Table.Td>{[l.product.color, l.product.size].filter(Boolean).join(' | ')}</Table.Td>
                <Table.Td>
                  <Select
                    size="xs"
                    aria-label={t`Condition`}
                    data={conditionOptions(i18n)}
                    value={l.condition}
                    allowDeselect={false}
                    onChange={(v) => {
                      if (!v) return;
                      const next = withCondition({ ...l, quantity: l.quantity }, v, dispositions);
                      const grade = regraded(l.grade, v, scale);
                      onChange(l.key, { condition: v as LedgerCondition, disposition: next.disposition, location: next.location, grade });
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    size="xs"
                    aria-label={t`Quantity`}
                    min={LIMITS.minLedgerQuantity}
                    max={LIMITS.maxEntryQuantity}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="strict"
                    disabled={!!l.serial}
                    value={l.quantity}
                    onChange={(v) =>
                      onChange(l.key, { quantity: Math.max(LIMITS.minLedgerQuantity, Number(v) || LIMITS.minLedgerQuantity) })
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    size="xs"
                    aria-label={t`Reason`}
                    data={reasonData}
                    value={l.reason}
                    allowDeselect={false}
                    onChange={(v) => v && onChange(l.key, { reason: v })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label={t`Comment`}
                    maxLength={500}
                    value={l.comment}
                    onChange={(e) => onChange(l.key, { comment: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    size="xs"
                    aria-label={t`Disposition, ${sku}`}
                    data={dispositionOptions(dispositions, i18n)}
                    value={l.disposition}
                    allowDeselect={false}
                    disabled={dispositions.length === 0}
                    onChange={(v) => onChange(l.key, { disposition: v ?? '', location: needsBin(dispositions, v) ? l.location : '' })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label={t`Bin, ${sku}`}
                    placeholder={needsBin(dispositions, l.disposition) ? t`scan bin` : ''}
                    disabled={!needsBin(dispositions, l.disposition)}
                    maxLength={100}
                    value={l.location}
                    onChange={(e) => onChange(l.key, { location: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant={l.photoIds.length ? 'light' : 'subtle'}
                      color="gray.7"
                      aria-label={t`Photos of ${sku} (${photoCount})`}
                      onClick={() => onPhotos(l.key)}
                      data-testid="blind-line-photos"
                    >
                      <IconCamera size={16} />
                    </ActionIcon>
                    <Text size="xs" w={14}>
                      {l.photoIds.length || ''}
                    </Text>
                    <ActionIcon color="red" variant="subtle" aria-label={t`Remove ${sku}`} onClick={() => onRemove(l.key)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
          {lines.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={12}>
                <Text c="dimmed" ta="center" size="sm" py="sm">
                  <Trans>No lines yet: search or scan a product above.</Trans>
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </ScrollBox>
  );
}
