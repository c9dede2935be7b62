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
