import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { AdminCustomer, ConnectionView } from '../../../contract/customers';
import { api } from '../../api/client';
import { AuditTrail } from '../../components/audit/AuditTrail';
import { ConnectionForm } from './ConnectionForm';

type Editing = { connection: ConnectionView | null } | null;

const secretState = (set: boolean, label: string) => (
  <Text size="xs" c={set ? 'green.8' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
    {label} {set ? 'set' : 'not set'}
  </Text>
);

/** Connections of one customer (SPEC §2.12 connection drawer, 800 wide): list, add, edit, delete. */
export function ConnectionsPanel({ customer, onChanged }: { customer: AdminCustomer; onChanged: (list: ConnectionView[]) => void }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [version, setVersion] = useState(0);
  const list = customer.connections;

  function saved(c: ConnectionView) {
    const exists = list.some((x) => x.id === c.id);
    onChanged(exists ? list.map((x) => (x.id === c.id ? c : x)) : [...list, c]);
    setEditing(null);
    setVersion((v) => v + 1);
  }

  async function remove(c: ConnectionView) {
    if (!window.confirm(`Delete the ${c.connection_type} connection #${c.id}?`)) return;
    const res = await api.delete(`/su/customers/${customer.id}/connections/${c.id}`);
    if (res.code === 200) {
      onChanged(list.filter((x) => x.id !== c.id));
      if (editing?.connection?.id === c.id) setEditing(null);
    }
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
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={`Edit connection ${c.id}`} onClick={() => setEditing({ connection: c })}>
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={`Delete connection ${c.id}`} onClick={() => void remove(c)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {list.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text c="dimmed" ta="center" size="sm">
                  No Connections
                </Text>
              </Table.Td>
            </Table.Tr>
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
          {editing.connection && <AuditTrail entityType="connection" entityId={editing.connection.id} version={version} />}
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
