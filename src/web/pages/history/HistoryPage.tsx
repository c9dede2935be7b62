import { Title } from '@mantine/core';

/** Placeholder until the screen of its issue lands. */
export default function HistoryPage() {
  return <Title order={2}>Return History</Title>;
}
