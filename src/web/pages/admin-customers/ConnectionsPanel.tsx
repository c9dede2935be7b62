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
    {label} {set ? 'set' : 'not set'}
  </Text>
);

/** Connections of one customer (SPEC §2.12 connection drawer, 800 wide): list, add, edit, delete. */
export function ConnectionsPanel({ customer, onChanged }: { customer: AdminCustomer; onChanged: (list: ConnectionView[]) => void }) {
  const [editing, setEditing] = useState<Editing>(null);
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
    if (window.confirm(`Delete the ${c.connection_type} connection #${c.id}?`)) remove.mutate(c);
  }

  return (
    <Stack>
      <Table withTableBorder striped data-testid="connections-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ID</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Sender / Receiver</Table.Th>
            <Table.Th>Endpoint</Table.Th>
            <Table.Th>Username</Table.Th>
            <Table.Th>Secrets</Table.Th>
            <Table.Th w={90}>Action</Table.Th>
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
                  <Badge size="xs" ml={6} variant="outline" color="gray" title="Outbound format version">
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
                  {secretState(c.has_short_token, 'password')}
                  {secretState(c.has_long_token, 'token')}
                </Stack>
              </Table.Td>
              <Table.Td>
                <RowActions
                  editLabel={`Edit connection ${c.id}`}
                  deleteLabel={`Delete connection ${c.id}`}
                  onEdit={() => setEditing({ connection: c })}
                  onDelete={() => confirmRemove(c)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
          {list.length === 0 && (
            <EmptyRow colSpan={7} size="sm">
              No Connections
            </EmptyRow>
          )}
        </Table.Tbody>
      </Table>

      {editing ? (
        <Stack gap="xs">
          <Title order={5}>{editing.connection ? `Edit connection #${editing.connection.id}` : 'Add a connection'}</Title>
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
            Add Connection
          </Button>
        </Group>
      )}
    </Stack>
  );
}
