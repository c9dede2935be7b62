import { Title } from '@mantine/core';

/** Placeholder until the screen of its issue lands. */
export default function AdminTasksPage() {
  return <Title order={2}>System Task Status</Title>;
}
