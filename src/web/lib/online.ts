// Whether the browser has a network (issue 28): `navigator.onLine` and its online/offline events.
// False means surely offline; true may still be a network that reaches nothing, so a failed call
// (code -1) is treated as offline by the screens that wait for the network.
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

/** Re-renders when the network goes or comes back. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
