import { Title } from '@mantine/core';

/** Placeholder until the screen of its issue lands. */
export default function AdminCustomersPage() {
  return <Title order={2}>List of Customers</Title>;
}
