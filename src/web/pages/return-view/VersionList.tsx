// The versions of a corrected return (issue 11): who saved each, when, why, and what it changed.
import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReturnVersion, VersionLineChange } from '../../../contract/corrections';
import { DISCREPANCY_LABELS } from '../../../contract/disposition-rules';
import { formatDateTime } from '../../lib/format';

const KIND_LABEL: Record<VersionLineChange['kind'], { label: string; color: string }> = {
  changed: { label: 'Changed', color: 'blue' },
  added: { label: 'Added', color: 'teal' },
  removed: { label: 'Removed', color: 'red' },
};

const shown = (v: string | number | null) => (v === null || v === '' ? '—' : String(v));

function Changes({ changes }: { changes: VersionLineChange[] }) {
  return (
    <Table withTableBorder verticalSpacing={2} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Line</Table.Th>
          <Table.Th>Field</Table.Th>
          <Table.Th>Before → After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.flatMap((c) =>
          c.fields.map((f, i) => (
            <Table.Tr key={`${c.discrepancy === 'MISSING' ? 'm' : 'l'}-${c.kind}-${c.ledger_id}-${f.field}`} data-testid="version-change">
              {i === 0 && (
                <Table.Td rowSpan={c.fields.length}>
                  <Group gap={6} wrap="nowrap">
                    <Badge size="sm" variant="light" color={KIND_LABEL[c.kind].color}>
                      {KIND_LABEL[c.kind].label}
                    </Badge>
                    <Text size="sm" fw={600}>
                      {c.sku}
                    </Text>
                    {c.discrepancy && (
                      <Badge size="sm" variant="light" color="orange" data-testid="version-change-discrepancy">
                        {DISCREPANCY_LABELS[c.discrepancy as keyof typeof DISCREPANCY_LABELS] ?? c.discrepancy}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {c.name_1}
                  </Text>
                </Table.Td>
              )}
              <Table.Td>{f.field}</Table.Td>
              <Table.Td>
                {shown(f.before)} → {shown(f.after)}
              </Table.Td>
            </Table.Tr>
          )),
        )}
      </Table.Tbody>
    </Table>
  );
}

export function VersionList({ versions, current }: { versions: ReturnVersion[]; current: number }) {
  return (
    <Paper withBorder p="md" data-testid="version-list">
      <Title order={2} size="h5" mb="sm">
        Versions
      </Title>
      <Stack gap="md">
        {[...versions].reverse().map((v) => (
          <div key={v.version} data-testid="version" data-version={v.version}>
            <Group gap="xs" mb={4}>
              <Text fw={700} size="sm">
                Version {v.version}
              </Text>
              {v.version === current && (
                <Badge size="sm" color="green" variant="light">
                  Current
                </Badge>
              )}
              {v.version === 1 && (
                <Badge size="sm" color="gray" variant="light">
                  Submitted
                </Badge>
              )}
              <Text size="xs" c="dimmed">
                {v.username} · {formatDateTime(v.created_at)}
              </Text>
            </Group>
            {v.comment && (
              <Text size="sm" mb={4}>
                “{v.comment}”
              </Text>
            )}
            {v.changes.length > 0 && <Changes changes={v.changes} />}
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
