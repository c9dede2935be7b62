// What must be forgotten when a session ends (logout, an expired token, a logout in another tab).
// The session lives in the entry; what it clears (the query cache) loads later and signs up here.
const listeners = new Set<() => void>();

export function onSessionEnd(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function endSession(): void {
  for (const listener of listeners) listener();
}
