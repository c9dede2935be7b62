import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ParcelView } from '../../../contract/parcels';
import { AgeBadge } from '../../components/parcel/AgeBadge';

/** Waiting unknown parcels whose tracking number is the searched reference (issue 11). */
export function ParcelResults(props: { parcels: ParcelView[]; activeId: number | null; onPick: (parcel: ParcelView) => void }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label="Parcels found">
      <Stack gap="xs">
        <Title order={4}>Parcels found</Title>
        {props.parcels.map((p) => (
          <Group key={p.id} justify="space-between" wrap="nowrap" data-testid="parcel-hit">
            <div>
              <Text size="sm" fw={600}>
                {p.tracking_number}
              </Text>
              <Group gap={6}>
                <AgeBadge parcel={p} />
                <Text size="xs" c="dimmed">
                  shelf {p.location}
                </Text>
              </Group>
            </div>
            <Button
              size="compact-sm"
              variant="light"
              disabled={p.id === props.activeId}
              aria-label={`Match parcel ${p.tracking_number}`}
              onClick={() => props.onPick(p)}
            >
              Match
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
