// Where the order panel's cursor goes (issue 15): its home is the scan field, or the open inspection.
import { useEffect, useRef } from 'react';
import { focusInspection } from './inspection/focus-inspection';

/** After a modal closes its focus trap lets go on the next frame: the focus moves then. */
const focusSoon = (focus: () => void) => window.setTimeout(focus, 0);

export function usePanelFocus() {
  const scanRef = useRef<HTMLInputElement>(null);
  const binRef = useRef<HTMLInputElement>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const selectScanField = () => {
    scanRef.current?.focus();
    scanRef.current?.select();
  };
  // Opening an order puts the cursor in the scan field (the panel is keyed by order). A timer that
  // has not fired yet is cleared, so StrictMode's second run leaves one focus move, not two.
  useEffect(() => {
    const timer = focusSoon(selectScanField);
    return () => window.clearTimeout(timer);
  }, []);
  return {
    scanRef,
    binRef,
    dateRef,
    focusScanField: () => focusSoon(selectScanField),
    /** The cursor's home: the open inspection (when `inspecting`), else the scan field. */
    focusScan: (inspecting: boolean) => focusSoon(inspecting ? () => focusInspection() || scanRef.current?.focus() : selectScanField),
    focusBin: () => focusSoon(() => binRef.current?.focus()),
  };
}
