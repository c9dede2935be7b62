// The camera dialog of a scan field (issue 28): the back camera's picture, read a few times a second
// until a code is found; the first code closes the dialog and goes to the field as a wedge scan.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Checkbox, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useAccountId } from '../../auth/session';
import { scanFeedbackOn, setScanFeedback } from '../../lib/scan-feedback';
import { createBarcodeReader } from './barcode-reader';
import classes from './scan.module.css';

/** How often the picture is read: often enough to feel instant, rarely enough for a handheld's CPU. */
const READ_EVERY_MS = 150;

export interface CameraScanDialogProps {
  opened: boolean;
  /** Whether closing hands the focus back to the camera button (not after a read). */
  returnFocus: boolean;
  onClose: () => void;
  onCode: (code: string) => void;
}

export default function CameraScanDialog({ opened, returnFocus, onClose, onCode }: CameraScanDialogProps) {
  const { t } = useLingui();
  const userId = useAccountId();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [feedback, setFeedback] = useState(() => scanFeedbackOn(userId));
  // The latest callback, so a new render does not restart the camera.
  const found = useRef(onCode);
  found.current = onCode;

  useEffect(() => {
    if (!opened) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer = 0;
    setProblem(null);
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error(t`This browser gives no access to a camera.`);
      const [reader, media] = await Promise.all([
        createBarcodeReader(),
        navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
      ]);
      stream = media;
      const el = video.current;
      if (stopped || !el) return;
      el.srcObject = media;
      await el.play();
      const read = async () => {
        if (stopped) return;
        const codes = el.readyState >= 2 ? await reader.detect(el).catch(() => []) : [];
        const code = codes.find((c) => c.rawValue)?.rawValue;
        if (code && !stopped) {
          stopped = true;
          found.current(code);
          return;
        }
        timer = window.setTimeout(() => void read(), READ_EVERY_MS);
      };
      await read();
    };
    start().catch((e: unknown) => {
      if (!stopped) setProblem(e instanceof Error ? e.message : String(e));
    });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the camera runs while the dialog is open
  }, [opened]);

  return (
    <Modal opened={opened} onClose={onClose} title={t`Scan with the camera`} size="md" returnFocus={returnFocus}>
      <Stack gap="sm">
        {problem ? (
          <Alert color="red" title={t`The camera could not be opened`}>
            {problem}
          </Alert>
        ) : (
          <Text size="sm">
            <Trans>Hold the barcode or QR code in the frame.</Trans>
          </Text>
        )}
        <video ref={video} className={classes.video} muted playsInline aria-label={t`Camera picture`} data-testid="camera-video" />
        <Checkbox
          label={t`Tone and vibration on each scan`}
          checked={feedback}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setFeedback(on);
            setScanFeedback(userId, on);
          }}
        />
      </Stack>
    </Modal>
  );
}
