import { Title } from '@mantine/core';

/** Placeholder until the screen of its issue lands. */
export default function AdminSystemsPage() {
  return <Title order={2}>System Settings</Title>;
}
