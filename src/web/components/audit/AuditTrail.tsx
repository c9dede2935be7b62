import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Badge, Box, Button, Collapse, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { MessageDescriptor } from '@lingui/core';
import type { AuditAction, AuditEntityType, AuditEntry } from '../../../contract/audit';
import { useRouteQuery } from '../../api/queries';
import { formatDateTime } from '../../lib/format';
import { auditFieldLabel, auditValueLabel } from './audit-fields';

const ACTION_COLORS: Record<string, string> = { create: 'green', update: 'blue', delete: 'red' };
// The action's code stays in data; people read its name.
const ACTION_LABELS: Record<AuditAction, MessageDescriptor> = {
  create: msg`create`,
  update: msg`update`,
  delete: msg`delete`,
  correct: msg({ message: 'correct', context: 'audit action' }),
  invite: msg({ message: 'invite', context: 'audit action' }),
  portal: msg({ message: 'portal', context: 'audit action' }),
  decide: msg({ message: 'decide', context: 'audit action' }),
};

/** Field-by-field differences of one change; unchanged fields are left out. */
function changes(entry: AuditEntry): [string, unknown, unknown][] {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => k !== 'updated_at' && k !== 'created_at' && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => [k, before[k], after[k]]);
}

/**
 * Who changed this record, when, and what (admin drawers). Every admin save invalidates the
 * 'auditTrail' route, so a save in the same drawer shows up at once.
 */
export function AuditTrail({ entityType, entityId }: { entityType: AuditEntityType; entityId: number | string }) {
  const query = useRouteQuery('auditTrail', { query: { entity_type: entityType, entity_id: String(entityId) } });
  const entries: AuditEntry[] | null = query.isPending ? null : (query.data ?? []);
  const [open, setOpen] = useState(false);
  const { t, i18n } = useLingui();
  const count = entries?.length;

  return (
    <Box style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} pt="xs">
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
      >
        {count === undefined ? t`Audit trail` : t`Audit trail (${count})`}
      </Button>
      <Collapse expanded={open}>
        <Box pt="xs">
          {entries === null ? (
            <Loader size="xs" />
          ) : entries.length === 0 ? (
            <Text size="sm" c="dimmed">
              <Trans>No recorded changes.</Trans>
            </Text>
          ) : (
            <Stack gap="sm" data-testid="audit-trail">
              {entries.map((e) => (
                <Stack key={e.id} gap={4}>
                  <Group gap="xs">
                    <Badge size="sm" color={ACTION_COLORS[e.action] ?? 'gray'}>
                      {e.action in ACTION_LABELS ? t(ACTION_LABELS[e.action as AuditAction]) : e.action}
                    </Badge>
                    <Text size="sm">{e.actor_username ?? t`system`}</Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(e.created_at)}
                    </Text>
                  </Group>
                  {e.action === 'update' && (
                    <Table fz="xs" withRowBorders={false} verticalSpacing={2}>
                      <Table.Tbody>
                        {changes(e).map(([k, from, to]) => (
                          <Table.Tr key={k}>
                            <Table.Td w={150} c="dimmed">
                              {auditFieldLabel(i18n, k)}
                            </Table.Td>
                            <Table.Td style={{ wordBreak: 'break-word' }}>
                              {auditValueLabel(i18n, from)} → {auditValueLabel(i18n, to)}
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  )}
                </Stack>
              ))}
            </Stack>
          )}
        </Box>
      </Collapse>
    </Box>
  );
}
