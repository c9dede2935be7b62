// Issue 28: the camera button beside a scan field. Its dialog (the camera, the barcode reader and, in
// a browser without BarcodeDetector, the WebAssembly reader) loads only when it first opens: none of
// it is in a screen's first load.
import { useLingui } from '@lingui/react/macro';
import { ActionIcon } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { useState } from 'react';
import { lazyPage } from '../../lib/lazy-page';
import { LazyDialog } from '../LazyDialog';

// Its texts are in the 'ondemand' catalogue (issue 23's budget): they load with it.
const CameraScanDialog = lazyPage(() => import('./CameraScanDialog'), ['ondemand']);

export interface CameraScanButtonProps {
  /** A code read by the camera: the field takes it as a wedge scan (its text + Enter). */
  onCode: (code: string) => void;
  /** What the field scans, for the button's name ('Scan a product with the camera'). */
  label?: string;
  /** Called when the dialog closes (the screen puts the cursor back in its field). */
  onClosed?: () => void;
}

export function CameraScanButton({ onCode, label, onClosed }: CameraScanButtonProps) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  // After a read the field's screen moves the cursor on (as after a wedge scan), so the dialog does
  // not hand the focus back to this button; closed without a read, it does.
  const [read, setRead] = useState(false);
  const name = label ?? t`Scan with the camera`;
  return (
    <>
      <ActionIcon
        variant="default"
        size="input-xs"
        aria-label={name}
        title={name}
        onClick={() => {
          setRead(false);
          setOpened(true);
        }}
        data-testid="camera-scan"
      >
        <IconScan size={18} />
      </ActionIcon>
      <LazyDialog opened={opened}>
        <CameraScanDialog
          opened={opened}
          returnFocus={!read}
          onClose={() => {
            setOpened(false);
            onClosed?.();
          }}
          onCode={(code) => {
            setRead(true);
            setOpened(false);
            onCode(code);
            onClosed?.();
          }}
        />
      </LazyDialog>
    </>
  );
}
