import { Title } from '@mantine/core';

/** Placeholder until the screen of its issue lands. */
export default function AdminUsersPage() {
  return <Title order={2}>List of Users</Title>;
}
