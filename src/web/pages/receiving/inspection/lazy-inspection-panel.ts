// The inspection panel loads on demand (issue 23's budget): most orders inspect nothing at the desk.
// The order panel prefetches it when an order with a desk rule opens; once here it renders as a plain
// component, not through React.lazy: a lazy component's extra tick let the cursor leave the first step.
import { useEffect, useState } from 'react';
import { loadScreenAreas } from '../../../i18n/language';
import { withLoadTimeout } from '../../../lib/lazy-page';
import type { InspectionPanel as Panel } from './InspectionPanel';

let component: typeof Panel | null = null;
let pending: Promise<typeof Panel> | null = null;

/** Loads (once) the inspection panel's code; a failed download may be tried again. */
export function loadInspectionPanel(): Promise<typeof Panel> {
  // Its texts are in the 'ondemand' catalogue: they arrive with the code.
  pending ??= withLoadTimeout(Promise.all([import('./InspectionPanel'), loadScreenAreas(['ondemand'])])).then(
    ([m]) => (component = m.InspectionPanel),
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

/**
 * The panel's component once loaded, else null (and the download starts when `wanted`). A failed
 * download is thrown during render, so the screen's LoadErrorBoundary shows it.
 */
export function useInspectionPanel(wanted: boolean): typeof Panel | null {
  const [, setLoaded] = useState<typeof Panel | null>(component);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!wanted || component) return;
    let live = true;
    loadInspectionPanel().then(
      (c) => {
        if (live) setLoaded(() => c);
      },
      (e: unknown) => {
        if (live) setError(() => e);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  if (error) throw error;
  return component;
}
