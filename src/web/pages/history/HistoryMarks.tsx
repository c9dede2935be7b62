// The compact marks beside a history row's id (photos, corrected after submit, discrepancies):
// small icons so the table fits a 1366 px window. Each carries its meaning as text for assistive
// technology (an accessible name or visually hidden words) and as a hover title for the eye.
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCamera, IconHourglass, IconPencil } from '@tabler/icons-react';
import { GRADE_LABEL, labelOf } from './labels';

export interface HistoryMarkRow {
  photo_count: number;
  version: number;
  has_discrepancies: boolean;
  /** Issue 27: the grades of the return's lines. */
  grades?: string[];
  /** Issue 25: lines waiting for the brand's decision. */
  awaiting_decisions?: number;
}

/** A grade as the mark shows it: the letter, or a short form of an outcome. */
const SHORT: Record<string, string> = { WRONG_ITEM: 'W', MISSING: 'M', NOT_RETURNABLE: 'NR' };

const ICON = { size: 14, stroke: 2, style: { display: 'block' } } as const;

export function HistoryMarks({ row }: { row: HistoryMarkRow }) {
  const { t, i18n } = useLingui();
  const count = row.photo_count;
  const photos = t`${plural(count, { one: '# photo', other: '# photos' })}`;
  const version = row.version;
  const grades = row.grades ?? [];
  const gradeNames = grades.map((g) => labelOf(GRADE_LABEL, g, (d) => i18n._(d))).join(', ');
  const awaiting = row.awaiting_decisions ?? 0;
  const awaitingText = t`${plural(awaiting, { one: 'Awaiting decision: # line', other: 'Awaiting decision: # lines' })}`;
  if (row.photo_count <= 0 && row.version <= 1 && !row.has_discrepancies && grades.length === 0 && awaiting <= 0) return null;
  return (
    <Group gap={4} wrap="nowrap" component="span" data-testid="history-marks">
      {row.photo_count > 0 && (
        <Text span c="gray.7" title={photos} data-testid="photo-mark">
          <IconCamera {...ICON} role="img" aria-label={photos} />
        </Text>
      )}
      {row.version > 1 && (
        // The words stay in the text (visually hidden) so a screen reader and a text search read "Corrected".
        <Badge
          size="xs"
          color="orange"
          variant="light"
          px={3}
          data-testid="corrected-mark"
          title={t`Corrected after submit: version ${version}`}
        >
          <IconPencil {...ICON} size={11} aria-hidden="true" />
          <VisuallyHidden>
            <Trans>Corrected</Trans>
          </VisuallyHidden>
        </Badge>
      )}
      {grades.length > 0 && (
        <Badge size="xs" color="teal" variant="light" px={3} data-testid="grade-mark" title={t`Grades: ${gradeNames}`}>
          <span aria-hidden="true">{grades.map((g) => SHORT[g] ?? g).join(' ')}</span>
          <VisuallyHidden>{t`Grades: ${gradeNames}`}</VisuallyHidden>
        </Badge>
      )}
      {awaiting > 0 && (
        <Badge size="xs" color="orange" variant="outline" px={3} data-testid="awaiting-mark" title={awaitingText}>
          <IconHourglass {...ICON} size={11} aria-hidden="true" />
          <VisuallyHidden>{awaitingText}</VisuallyHidden>
        </Badge>
      )}
      {row.has_discrepancies && (
        <Text span c="orange.9" title={t`Discrepancies`} data-testid="discrepancy-badge">
          <IconAlertTriangle {...ICON} role="img" aria-label={t`Discrepancies`} />
        </Text>
      )}
    </Group>
  );
}
