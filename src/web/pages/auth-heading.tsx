import { Stack, Text, Title } from '@mantine/core';

/** Title and one line of help above an auth form. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={1} size="h3">
        {title}
      </Title>
      {subtitle && (
        <Text size="sm" c="dimmed">
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}
