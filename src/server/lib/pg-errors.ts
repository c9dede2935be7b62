/**
 * True when a database error (possibly wrapped by Drizzle in `cause`) is a unique-key violation,
 * optionally of one named index. Services check first for a clear message; this covers the race.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505') {
      if (!constraint) return true;
      return name === constraint || (typeof message === 'string' && message.includes(constraint));
    }
  }
  return false;
}

// Connection-level failures: the server is down, restarting, refusing connections, or gone.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, in recovery)
  '53300', // too_many_connections
  '3D000', // invalid_catalog_name: the database was dropped
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
  'Client has encountered a connection error',
  'PGlite is closed',
  'PGlite is closing',
];

/**
 * True when a database call failed because the database cannot be reached (as opposed to a bad
 * statement): the request may simply be tried again later, so it answers 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    // A refused connection to a host with several addresses is an AggregateError of the attempts.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
