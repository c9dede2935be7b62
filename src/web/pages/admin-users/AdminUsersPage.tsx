import { Trans, useLingui } from '@lingui/react/macro';
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
import { ScrollBox } from '../../components/table/ScrollBox';

type Editing = { user: AdminUser | null } | null;

function UsersScreen() {
  const usersQuery = useRouteQuery('listUsers', {});
  const customersQuery = useRouteQuery('listCustomers', {});
  // SPEC §4: the lists fall back to empty on failure.
  const users = usersQuery.data ?? [];
  const customers = customersQuery.data ?? [];
  const [editing, setEditing] = useState<Editing>(null);
  const { t } = useLingui();

  // The form's mutation refreshes the list and the audit trail.
  function saved(user: AdminUser) {
    const isNew = !editing?.user;
    notifications.show({ color: 'green', title: isNew ? t`User created` : t`User updated`, message: user.name });
    setEditing(isNew ? null : { user });
  }

  const companyOf = (id: number) => customers.find((c) => c.id === id)?.company ?? `#${id}`;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          <Trans>List of Users</Trans>
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ user: null })}>
          <Trans>Add New User</Trans>
        </Button>
      </Group>
      <ScrollBox label={t`Users`} keyColumn={1}>
        <Table striped highlightOnHover withTableBorder data-testid="users-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>ID</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Name</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Email</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Login Acct</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Customers</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Acct Status</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Action</Trans>
              </Table.Th>
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
                        <Trans context="role">Admin</Trans>
                      </Badge>
                    )}
                    {u.is_brand && (
                      <Badge color="grape" size="sm">
                        <Trans>Brand</Trans>
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{u.name}</Table.Td>
                <Table.Td>{u.email}</Table.Td>
                <Table.Td>{u.username}</Table.Td>
                <Table.Td>
                  <Text size="sm" c={u.is_su ? 'dimmed' : undefined} lineClamp={2}>
                    {u.is_su ? t`All customers` : u.customer_ids.map(companyOf).join(', ') || '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={u.user_status === 'Active' ? 'green' : 'gray'} variant="light">
                    {u.user_status === 'Active' ? t`Active` : t`Disabled`}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Button size="xs" variant="light" onClick={() => setEditing({ user: u })} aria-label={t`Edit ${u.username}`}>
                    <Trans>Edit</Trans>
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
            {!usersQuery.isPending && users.length === 0 && (
              <EmptyRow colSpan={7}>
                <Trans>No users.</Trans>
              </EmptyRow>
            )}
          </Table.Tbody>
        </Table>
      </ScrollBox>

      <Drawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        position="right"
        size="md"
        title={<Title order={4}>{editing?.user ? t`Edit User #${editing.user.id}` : t`Add New User`}</Title>}
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
  const { t } = useLingui();
  return (
    <AdminOnly title={t`Users`}>
      <UsersScreen />
    </AdminOnly>
  );
}
