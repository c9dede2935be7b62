/**
 * Registers the service worker of the build (/sw.js, issue 28) once the page has loaded, so its
 * precaching never competes with the first screen. Not in development: Vite's dev server has no
 * sw.js and its modules change on every edit.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (a private window, a blocked origin): the app works online as before.
    });
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
