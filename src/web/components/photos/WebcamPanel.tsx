import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import classes from './photos.module.css';

export interface WebcamPanelProps {
  /** A shot as a JPEG. */
  onShot: (image: Blob) => void;
  onDone: () => void;
}

/**
 * A desk webcam (getUserMedia). The Shoot button takes the focus, so one key (Space or Enter)
 * takes a photo, again and again; Esc or Done ends it.
 */
export function WebcamPanel({ onShot, onDone }: WebcamPanelProps) {
  const { t } = useLingui();
  const videoRef = useRef<HTMLVideoElement>(null);
  const shootRef = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState<'starting' | 'live' | 'failed'>('starting');
  const [error, setError] = useState('');
  const [shots, setShots] = useState(0);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let stopped = false;
    if (!navigator.mediaDevices?.getUserMedia) {
      queueMicrotask(() => {
        setError(t`This browser offers no camera here (it needs https or localhost).`);
        setState('failed');
      });
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { width: { ideal: 1920 }, height: { ideal: 1080 } }, audio: false })
      .then(async (s) => {
        if (stopped) return s.getTracks().forEach((t) => t.stop());
        stream = s;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = s;
        await video.play().catch(() => undefined);
        setState('live');
      })
      .catch((e: unknown) => {
        setError(e instanceof Error && e.name === 'NotAllowedError' ? t`The camera was not allowed.` : t`No camera could be opened.`);
        setState('failed');
      });
    return () => {
      stopped = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
    // Once, on mount: the texts are those of the language shown when the webcam started.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Once the button is enabled, it takes the focus: one key shoots.
  useEffect(() => {
    if (state === 'live') shootRef.current?.focus();
  }, [state]);

  const shoot = () => {
    const video = videoRef.current;
    if (!video || state !== 'live' || !video.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    canvas.toBlob((blob) => blob && onShot(blob), 'image/jpeg', 0.92);
    setShots((n) => n + 1);
  };

  return (
    <Stack gap="xs" data-testid="webcam-panel">
      {state === 'failed' ? (
        <Alert color="red" title={t`Webcam`}>
          {error}
        </Alert>
      ) : (
        <video ref={videoRef} className={classes.video} muted playsInline aria-label={t`Webcam picture`} />
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {state === 'starting' ? t`Starting the webcam…` : state === 'live' ? t`Space or Enter takes a photo (${shots} taken).` : ''}
        </Text>
        <Group gap="xs">
          {state === 'starting' && <Loader size="sm" aria-label={t`Starting the webcam`} />}
          <Button variant="default" onClick={onDone}>
            <Trans>Done</Trans>
          </Button>
          <Button ref={shootRef} leftSection={<IconCamera size={16} />} onClick={shoot} disabled={state !== 'live'} data-autofocus>
            <Trans>Shoot</Trans>
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
