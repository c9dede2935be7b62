import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LoadError } from '../lib/lazy-page';

interface Props {
  children: ReactNode;
}
interface State {
  error: Error | null;
}

/** Catches a screen that failed to load (or crashed) and offers a reload instead of a blank page. */
export class LoadErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <ScreenError error={this.state.error} />;
  }
}

export function ScreenError({ error }: { error: unknown }) {
  const loadFailed =
    error instanceof LoadError || (error instanceof Error && /dynamically imported module|Importing a module script/i.test(error.message));
  const { t } = useLingui();
  return (
    <Center py={64} px="md">
      <Alert
        maw={520}
        w="100%"
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={20} />}
        title={loadFailed ? t`This screen could not be loaded` : t`Something went wrong on this screen`}
        data-testid="load-error"
      >
        <Stack gap="sm">
          <Text size="sm">
            {loadFailed ? (
              <Trans>
                A part of Returns Desk did not arrive, perhaps because the connection dropped or a new version was installed. Reloading the
                page usually fixes it.
              </Trans>
            ) : (
              <Trans>An unexpected error stopped this screen. Reload the page; if it happens again, contact support.</Trans>
            )}
          </Text>
          <div>
            <Button color="red" variant="filled" leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
              <Trans>Reload page</Trans>
            </Button>
          </div>
        </Stack>
      </Alert>
    </Center>
  );
}
