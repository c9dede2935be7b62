import { Title } from '@mantine/core';

/** Placeholder until the screen of its issue lands. */
export default function BlindReturnPage() {
  return <Title order={2}>Blind Return</Title>;
}
