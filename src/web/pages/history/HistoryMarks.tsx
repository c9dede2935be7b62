// The compact marks beside a history row's id (photos, corrected after submit, discrepancies):
// small icons so the table fits a 1366 px window. Each carries its meaning as text for assistive
// technology (an accessible name or visually hidden words) and as a hover title for the eye.
import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCamera, IconPencil } from '@tabler/icons-react';

export interface HistoryMarkRow {
  photo_count: number;
  version: number;
  has_discrepancies: boolean;
}

const ICON = { size: 14, stroke: 2, style: { display: 'block' } } as const;

export function HistoryMarks({ row }: { row: HistoryMarkRow }) {
  const photos = `${row.photo_count} photo${row.photo_count === 1 ? '' : 's'}`;
  if (row.photo_count <= 0 && row.version <= 1 && !row.has_discrepancies) return null;
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
          title={`Corrected after submit: version ${row.version}`}
        >
          <IconPencil {...ICON} size={11} aria-hidden="true" />
          <VisuallyHidden>Corrected</VisuallyHidden>
        </Badge>
      )}
      {row.has_discrepancies && (
        <Text span c="orange.9" title="Discrepancies" data-testid="discrepancy-badge">
          <IconAlertTriangle {...ICON} role="img" aria-label="Discrepancies" />
        </Text>
      )}
    </Group>
  );
}
