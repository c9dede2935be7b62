import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Center py={80}>
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">There is no screen at this address.</Text>
        <Button component={Link} to="/" variant="light" mt="sm">
          Go to Receiving
        </Button>
      </Stack>
    </Center>
  );
}
