/** requestIdleCallback where there is one (not in Safari before 18), else a short delay; returns the cancel. */
export function requestIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 5_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 2_000);
  return () => window.clearTimeout(handle);
}

/**
 * Resolves once the page has painted its first content (at once if it has, or where the browser does
 * not report paints). What is fetched ahead for later waits for it, so it never shares the network
 * with what the first screen shows (issue 23).
 */
export function firstContentfulPaint(): Promise<void> {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}
