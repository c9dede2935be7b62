import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ParcelView } from '../../../contract/parcels';
import { AgeBadge } from '../../components/parcel/AgeBadge';

/** Waiting unknown parcels whose tracking number is the searched reference (issue 11). */
export function ParcelResults(props: { parcels: ParcelView[]; activeId: number | null; onPick: (parcel: ParcelView) => void }) {
  const { t } = useLingui();
  return (
    <Paper withBorder p="sm" component="section" aria-label={t`Parcels found`}>
      <Stack gap="xs">
        <Title order={4}>
          <Trans>Parcels found</Trans>
        </Title>
        {props.parcels.map((p) => {
          const tracking = p.tracking_number;
          const shelf = p.location;
          return (
            <Group key={p.id} justify="space-between" wrap="nowrap" data-testid="parcel-hit">
              <div>
                <Text size="sm" fw={600}>
                  {p.tracking_number}
                </Text>
                <Group gap={6}>
                  <AgeBadge parcel={p} />
                  <Text size="xs" c="dimmed">
                    <Trans>shelf {shelf}</Trans>
                  </Text>
                </Group>
              </div>
              <Button
                size="compact-sm"
                variant="light"
                disabled={p.id === props.activeId}
                aria-label={t`Match parcel ${tracking}`}
                onClick={() => props.onPick(p)}
              >
                <Trans>Match</Trans>
              </Button>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
