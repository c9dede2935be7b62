import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { AdminCustomer, ConnectionView } from '../../../contract/customers';
import { useRouteMutation } from '../../api/queries';
import { AuditTrail } from '../../components/audit/AuditTrail';
import { EmptyRow } from '../../components/table/EmptyRow';
import { RowActions } from '../../components/table/RowActions';
import { ConnectionForm } from './ConnectionForm';

type Editing = { connection: ConnectionView | null } | null;

const secretState = (set: boolean, label: string) => (
  <Text size="xs" c={set ? 'green' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
    {label}
  </Text>
);

/** Connections of one customer (SPEC §2.12 connection drawer, 800 wide): list, add, edit, delete. */
export function ConnectionsPanel({ customer, onChanged }: { customer: AdminCustomer; onChanged: (list: ConnectionView[]) => void }) {
  const [editing, setEditing] = useState<Editing>(null);
  const { t } = useLingui();
  const list = customer.connections;
  const remove = useRouteMutation('deleteConnection', {
    invalidates: ['listCustomers', 'auditTrail'],
    toInput: (c: ConnectionView) => ({ params: { id: customer.id, connId: c.id } }),
    onSuccess: (_answer, c) => {
      onChanged(list.filter((x) => x.id !== c.id));
      if (editing?.connection?.id === c.id) setEditing(null);
    },
  });

  function saved(c: ConnectionView) {
    const exists = list.some((x) => x.id === c.id);
    onChanged(exists ? list.map((x) => (x.id === c.id ? c : x)) : [...list, c]);
    setEditing(null);
  }

  function confirmRemove(c: ConnectionView) {
    if (window.confirm(t`Delete the ${{ type: c.connection_type }} connection #${{ id: c.id }}?`)) remove.mutate(c);
  }

  return (
    <Stack>
      <Table withTableBorder striped data-testid="connections-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>ID</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Type</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Sender / Receiver</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Endpoint</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Username</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Secrets</Trans>
            </Table.Th>
            <Table.Th w={90}>
              <Trans>Action</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{c.id}</Table.Td>
              <Table.Td>
                {c.connection_type}
                {typeof c.connection_meta.format === 'string' && (
                  <Badge size="xs" ml={6} variant="outline">
                    {c.connection_meta.format}
                  </Badge>
                )}
                {typeof c.connection_meta.format_version === 'number' && (
                  <Badge size="xs" ml={6} variant="outline" color="gray" title={t`Outbound format version`}>
                    v{c.connection_meta.format_version}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                {c.biztalk_sender || '—'} / {c.biztalk_receiver || '—'}
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{c.endpoint || '—'}</Table.Td>
              <Table.Td>{c.username || '—'}</Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {secretState(c.has_short_token, c.has_short_token ? t`password set` : t`password not set`)}
                  {secretState(c.has_long_token, c.has_long_token ? t`token set` : t`token not set`)}
                </Stack>
              </Table.Td>
              <Table.Td>
                <RowActions
                  editLabel={t`Edit connection ${c.id}`}
                  deleteLabel={t`Delete connection ${c.id}`}
                  onEdit={() => setEditing({ connection: c })}
                  onDelete={() => confirmRemove(c)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
          {list.length === 0 && (
            <EmptyRow colSpan={7} size="sm">
              <Trans>No Connections</Trans>
            </EmptyRow>
          )}
        </Table.Tbody>
      </Table>

      {editing ? (
        <Stack gap="xs">
          <Title order={5}>{editing.connection ? t`Edit connection #${editing.connection.id}` : t`Add a connection`}</Title>
          <ConnectionForm
            key={editing.connection?.id ?? 'new'}
            customerId={customer.id}
            connection={editing.connection}
            onSaved={saved}
            onCancel={() => setEditing(null)}
          />
          {editing.connection && <AuditTrail entityType="connection" entityId={editing.connection.id} />}
        </Stack>
      ) : (
        <Group>
          <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setEditing({ connection: null })}>
            <Trans>Add Connection</Trans>
          </Button>
        </Group>
      )}
    </Stack>
  );
}
