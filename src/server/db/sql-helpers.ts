import { sql, type SQL } from 'drizzle-orm';

/**
 * The small pieces of SQL the repositories share. Each was written out in several repositories
 * (issue 23); one copy here keeps their statement texts, and so their prepared-statement names, alike.
 */

/**
 * An int[] (or bigint[]) parameter: one placeholder whatever the number of ids, so the statement's
 * text stays the same for any count. Ids are integers; a fraction is cut off, never sent as text.
 */
export function intArray(ids: readonly number[], type: 'int' | 'bigint' = 'int'): SQL {
  const literal = `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
  return type === 'int' ? sql`${literal}::int[]` : sql`${literal}::bigint[]`;
}

/** `text` matched literally inside a LIKE / ILIKE pattern: `\`, `%` and `_` escaped (PostgreSQL's default escape). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern for `lower(column)` containing `term`, case-insensitively (the term lowered, then escaped). */
export const containsPattern = (term: string): string => `%${escapeLike(term.toLowerCase())}%`;

/** A json column as a driver answers it: parsed (node-postgres), text (a driver that leaves it), or null. */
export type JsonColumn<T> = T | string | null;

/** The value of a json column, parsed when the driver answered text; `empty` for SQL NULL. */
export const fromJsonColumn = <T>(value: JsonColumn<T>, empty: T): T =>
  value === null ? empty : typeof value === 'string' ? (JSON.parse(value) as T) : value;
