import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { AdminCustomer } from '../../../contract/customers';
import type { AdminUser } from '../../../contract/users';
import { api } from '../../api/client';
import { AdminOnly } from '../../components/AdminOnly';
import { AuditTrail } from '../../components/audit/AuditTrail';
import { UserForm } from './UserForm';

type Editing = { user: AdminUser | null } | null;

function UsersScreen() {
  const [users, setUsers] = useState<AdminUser[]>([]);
  const [customers, setCustomers] = useState<AdminCustomer[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<Editing>(null);
  const [version, setVersion] = useState(0);

  const load = useCallback(async () => {
    setLoading(true);
    const [u, c] = await Promise.all([api.get<AdminUser[]>('/su/users'), api.get<AdminCustomer[]>('/su/customers')]);
    // SPEC §4: the lists fall back to empty on failure.
    setUsers(u.code === 200 ? u.message : []);
    setCustomers(c.code === 200 ? c.message : []);
    setLoading(false);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  function saved(user: AdminUser) {
    const isNew = !editing?.user;
    setUsers((list) => {
      const next = isNew ? [...list, user] : list.map((u) => (u.id === user.id ? user : u));
      return next.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id);
    });
    notifications.show({ color: 'green', title: isNew ? 'User created' : 'User updated', message: user.name });
    if (isNew) setEditing(null);
    else {
      setEditing({ user });
      setVersion((v) => v + 1);
    }
  }

  const companyOf = (id: number) => customers.find((c) => c.id === id)?.company ?? `#${id}`;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>List of Users</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ user: null })}>
          Add New User
        </Button>
      </Group>
      <Table striped highlightOnHover withTableBorder data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ID</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Login Acct</Table.Th>
            <Table.Th>Customers</Table.Th>
            <Table.Th>Acct Status</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((u) => (
            <Table.Tr key={u.id}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  {u.id}
                  {u.is_su && (
                    <Badge color="red" size="sm">
                      Admin
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{u.name}</Table.Td>
              <Table.Td>{u.email}</Table.Td>
              <Table.Td>{u.username}</Table.Td>
              <Table.Td>
                <Text size="sm" c={u.is_su ? 'dimmed' : undefined} lineClamp={2}>
                  {u.is_su ? 'All customers' : u.customer_ids.map(companyOf).join(', ') || '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={u.user_status === 'Active' ? 'green' : 'gray'} variant="light">
                  {u.user_status === 'Active' ? 'Active' : 'Disabled'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" onClick={() => setEditing({ user: u })} aria-label={`Edit ${u.username}`}>
                  Edit
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
          {!loading && users.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text c="dimmed" ta="center">
                  No users.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>

      <Drawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="right"
        size="md"
        title={<Title order={4}>{editing?.user ? `Edit User #${editing.user.id}` : 'Add New User'}</Title>}
      >
        {editing && (
          <Stack>
            <UserForm key={editing.user?.id ?? 'new'} user={editing.user} customers={customers} onSaved={saved} />
            {editing.user && <AuditTrail entityType="user" entityId={editing.user.id} version={version} />}
          </Stack>
        )}
      </Drawer>
    </Stack>
  );
}

export default function AdminUsersPage() {
  return (
    <AdminOnly>
      <UsersScreen />
    </AdminOnly>
  );
}
