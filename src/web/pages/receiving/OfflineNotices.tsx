import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Text } from '@mantine/core';

/** A return submitted with no network (issue 28): it waits and is sent when the network is back. */
export function WaitingNotice({ online, onSend }: { online: boolean; onSend: () => void }) {
  const { t } = useLingui();
  return (
    <Alert role="status" color="yellow" variant="light" py="xs" title={t`Return waiting for the network`} data-testid="return-waiting">
      <Group gap="sm" wrap="wrap" justify="space-between">
        <Text size="sm">{t`It was submitted without a network and will be sent when back online. Scans still add to it.`}</Text>
        {/* Online by the browser's account but the server was not reached: the operator may try again. */}
        {online && (
          <Button size="xs" variant="default" onClick={onSend}>
            {t`Send now`}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

export interface OtherTabSubmit {
  returnId: number;
  /** The other tab sent this tab's draft: a fresh one replaced it here. */
  sameDraft: boolean;
}

/** Another tab submitted a return of this order (issue 28): said here, with the counts already refreshed. */
export function OtherTabNotice({ submit, onDismiss }: { submit: OtherTabSubmit; onDismiss: () => void }) {
  const { t } = useLingui();
  const { returnId } = submit;
  return (
    <Alert
      role="alert"
      color="orange"
      variant="light"
      py="xs"
      title={t`Submitted in another tab`}
      withCloseButton
      closeButtonLabel={t`Dismiss`}
      onClose={onDismiss}
      data-testid="other-tab-submit"
    >
      <Text size="sm">
        {submit.sameDraft
          ? t`Return #${returnId} was submitted in another tab with the lines of this draft. They are saved: this tab has a new, empty draft and the counts include them.`
          : t`Return #${returnId} of this order was submitted in another tab. The counts include it; this tab's draft is unchanged.`}
      </Text>
    </Alert>
  );
}
