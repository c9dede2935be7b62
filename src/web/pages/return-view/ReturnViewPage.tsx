import { Title } from '@mantine/core';

/** Placeholder until the screen of its issue lands. */
export default function ReturnViewPage() {
  return <Title order={2}>Return View</Title>;
}
