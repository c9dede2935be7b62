import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title';

export default function NotFoundPage() {
  const { t } = useLingui();
  usePageTitle(t`Page not found`);
  return (
    <Center py={80}>
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          <Trans>Page not found</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>There is no screen at this address.</Trans>
        </Text>
        <Button component={Link} to="/" variant="light" mt="sm">
          <Trans>Go to Receiving</Trans>
        </Button>
      </Stack>
    </Center>
  );
}
