/** requestIdleCallback where there is one (not in Safari before 18), else a short delay; returns the cancel. */
export function requestIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 5_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 2_000);
  return () => window.clearTimeout(handle);
}
