// The versions of a corrected return (issue 11): who saved each, when, why, and what it changed.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReturnVersion, VersionLineChange } from '../../../contract/corrections';
import { formatDateTime } from '../../lib/format';
import { CONDITION_LABEL, DISCREPANCY_LABEL, labelOf } from '../history/labels';
import classes from './VersionList.module.css';

const KIND_LABEL: Record<VersionLineChange['kind'], { label: MessageDescriptor; color: string }> = {
  changed: { label: msg`Changed`, color: 'blue' },
  added: { label: msg`Added`, color: 'teal' },
  removed: { label: msg`Removed`, color: 'red' },
};

/** CORRECTED_FIELDS as the list names them (lower case, as in English). */
const FIELD_LABEL: Record<string, MessageDescriptor> = {
  quantity: msg`quantity`,
  condition: msg`condition`,
  reason: msg`reason`,
  comment: msg`comment`,
  disposition: msg`disposition`,
  location: msg`location`,
};

const shown = (v: string | number | null) => (v === null || v === '' ? '—' : String(v));

function Changes({ changes }: { changes: VersionLineChange[] }) {
  const { t } = useLingui();
  const tr = (d: MessageDescriptor) => t(d);
  // A condition is one of the spec's names: shown in the reader's language like everywhere else.
  const value = (field: string, v: string | number | null) =>
    field === 'condition' && typeof v === 'string' ? shown(labelOf(CONDITION_LABEL, v, tr)) : shown(v);
  return (
    <Table withTableBorder verticalSpacing={2} fz="sm" className={classes.changes}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>
            <Trans>Line</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>Field</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>Before → After</Trans>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.flatMap((c) =>
          c.fields.map((f, i) => (
            <Table.Tr
              key={`${c.discrepancy === 'MISSING' ? 'm' : 'l'}-${c.kind}-${c.ledger_id}-${f.field}`}
              data-testid="version-change"
              className={i === 0 ? classes.first : undefined}
            >
              {i === 0 && (
                <Table.Td rowSpan={c.fields.length} className={classes.line}>
                  <Group gap={6} wrap="nowrap" className={classes.lineHead}>
                    <Badge size="sm" variant="light" color={KIND_LABEL[c.kind].color}>
                      {t(KIND_LABEL[c.kind].label)}
                    </Badge>
                    <Text size="sm" fw={600}>
                      {c.sku}
                    </Text>
                    {c.discrepancy && (
                      <Badge size="sm" variant="light" color="orange" data-testid="version-change-discrepancy">
                        {labelOf(DISCREPANCY_LABEL, c.discrepancy, tr)}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {c.name_1}
                  </Text>
                </Table.Td>
              )}
              <Table.Td className={classes.field}>{labelOf(FIELD_LABEL, f.field, tr)}</Table.Td>
              <Table.Td>
                {value(f.field, f.before)} → {value(f.field, f.after)}
              </Table.Td>
            </Table.Tr>
          )),
        )}
      </Table.Tbody>
    </Table>
  );
}

export function VersionList({ versions, current }: { versions: ReturnVersion[]; current: number }) {
  const { t } = useLingui();
  return (
    <Paper withBorder p="md" data-testid="version-list">
      <Title order={2} size="h5" mb="sm">
        <Trans>Versions</Trans>
      </Title>
      <Stack gap="md">
        {[...versions].reverse().map((v) => {
          const { version, comment } = v;
          return (
            <div key={v.version} data-testid="version" data-version={v.version}>
              <Group gap="xs" mb={4}>
                <Text fw={700} size="sm">
                  <Trans>Version {version}</Trans>
                </Text>
                {v.version === current && (
                  <Badge size="sm" color="green" variant="light">
                    <Trans>Current</Trans>
                  </Badge>
                )}
                {v.version === 1 && (
                  <Badge size="sm" color="gray" variant="light">
                    <Trans>Submitted</Trans>
                  </Badge>
                )}
                <Text size="xs" c="dimmed">
                  {v.username} · {formatDateTime(v.created_at)}
                </Text>
              </Group>
              {v.comment && (
                <Text size="sm" mb={4}>
                  {t`“${comment}”`}
                </Text>
              )}
              {v.changes.length > 0 && <Changes changes={v.changes} />}
            </div>
          );
        })}
      </Stack>
    </Paper>
  );
}
