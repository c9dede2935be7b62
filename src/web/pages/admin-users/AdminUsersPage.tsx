import { useState } from 'react';
import { Badge, Button, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { AdminUser } from '../../../contract/users';
import { useRouteQuery } from '../../api/queries';
import { AdminOnly } from '../../components/AdminOnly';
import { AuditTrail } from '../../components/audit/AuditTrail';
import { EmptyRow } from '../../components/table/EmptyRow';
import { UserForm } from './UserForm';

type Editing = { user: AdminUser | null } | null;

function UsersScreen() {
  const usersQuery = useRouteQuery('listUsers', {});
  const customersQuery = useRouteQuery('listCustomers', {});
  // SPEC §4: the lists fall back to empty on failure.
  const users = usersQuery.data ?? [];
  const customers = customersQuery.data ?? [];
  const [editing, setEditing] = useState<Editing>(null);

  // The form's mutation refreshes the list and the audit trail.
  function saved(user: AdminUser) {
    const isNew = !editing?.user;
    notifications.show({ color: 'green', title: isNew ? 'User created' : 'User updated', message: user.name });
    setEditing(isNew ? null : { user });
  }

  const companyOf = (id: number) => customers.find((c) => c.id === id)?.company ?? `#${id}`;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          List of Users
        </Title>
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
          {!usersQuery.isPending && users.length === 0 && <EmptyRow colSpan={7}>No users.</EmptyRow>}
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
            {editing.user && <AuditTrail entityType="user" entityId={editing.user.id} />}
          </Stack>
        )}
      </Drawer>
    </Stack>
  );
}

export default function AdminUsersPage() {
  return (
    <AdminOnly title="Users">
      <UsersScreen />
    </AdminOnly>
  );
}
