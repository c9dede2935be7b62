// Closing a return with work in it asks first (issue 28): Close or Alt+W used to drop the lines, photos
// and references of a draft with one key. Enter presses the focused Discard; Escape keeps the return.
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Text } from '@mantine/core';

export interface CloseConfirmProps {
  opened: boolean;
  /** What would be lost, in words ("3 lines, 1 photo, the references"). */
  lost: string;
  onDiscard: () => void;
  onKeep: () => void;
}

export function CloseConfirm({ opened, lost, onDiscard, onKeep }: CloseConfirmProps) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onKeep} title={t`Discard this return?`} returnFocus={false} data-testid="close-confirm">
      <Text size="sm">
        <Trans>This return is not submitted. Closing it discards {lost}.</Trans>
      </Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onKeep}>
          <Trans>Keep the return</Trans>
        </Button>
        <Button color="red" onClick={onDiscard} data-autofocus>
          <Trans>Discard and close</Trans>
        </Button>
      </Group>
    </Modal>
  );
}
