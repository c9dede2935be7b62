import { useLingui } from '@lingui/react/macro';
import { Center, Loader } from '@mantine/core';
import { Suspense, useState, type ReactNode } from 'react';

/**
 * A dialog whose code is loaded on first use (issue 13: the receiving page's first load carries no
 * modal). Nothing is rendered until it first opens; from then on it stays mounted, so its close
 * transition and later openings work as a dialog that was always there. While its code arrives
 * a spinner covers the screen; a failed load reaches the screen's LoadErrorBoundary.
 */
export function LazyDialog({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [used, setUsed] = useState(opened);
  // Derived state: set during render, so the first opening renders the dialog in the same pass.
  if (opened && !used) setUsed(true);
  if (!used && !opened) return null;
  return <Suspense fallback={opened ? <DialogLoader /> : null}>{children}</Suspense>;
}

function DialogLoader() {
  const { t } = useLingui();
  return (
    <Center pos="fixed" inset={0} style={{ zIndex: 'var(--mantine-z-index-modal)' }} data-dialog-loader>
      <Loader size="md" type="dots" aria-label={t`Loading the dialog`} />
    </Center>
  );
}
