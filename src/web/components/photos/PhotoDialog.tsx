import { Trans } from '@lingui/react/macro';
import { Button, Group, Modal } from '@mantine/core';
import { PhotoCapture, type PhotoCaptureProps } from './PhotoCapture';

export interface PhotoDialogProps extends PhotoCaptureProps {
  opened: boolean;
  onClose: () => void;
  /** The dialog's title, e.g. "Photos: line 2, NW-CAP". */
  title: string;
}

/** PhotoCapture in a dialog: for the dense receiving table, where a line has no room for it inline. */
export function PhotoDialog({ opened, onClose, title, ...capture }: PhotoDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" returnFocus={false}>
      {opened && <PhotoCapture {...capture} />}
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </Group>
    </Modal>
  );
}
