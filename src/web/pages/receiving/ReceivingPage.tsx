import { Title } from '@mantine/core';

/** Placeholder until the screen of its issue lands. */
export default function ReceivingPage() {
  return <Title order={2}>Return Processing</Title>;
}
