import { defaultDisposition, DISPOSITION_MSG, type DispositionView } from '../../../contract/dispositions.js';

type Errors = Record<string, string[]>;
const add = (errors: Errors, field: string, message: string) => (errors[field] ??= []).push(message);

/**
 * Dispositions and locations of new lines (issue 16), for every path that records a return. A line
 * that leaves `disposition` out gets the customer's default for its condition; null means none. A
 * code must be one of this customer's dispositions (another customer's code is unknown here); a
 * disposition that requires a location (Restock) needs the bin, and only such a disposition takes one.
 */
export function resolveDispositions(
  list: DispositionView[],
  lines: { condition: string; disposition?: string | null; location?: string }[],
  errors: Errors,
): { disposition: string | null; location: string | null }[] {
  const byCode = new Map(list.map((d) => [d.code, d]));
  return lines.map((l, i) => {
    const code = l.disposition === undefined ? defaultDisposition(list, l.condition) : l.disposition;
    const location = l.location?.trim() || null;
    const found = code === null ? undefined : byCode.get(code);
    if (code !== null && !found) add(errors, `return_ledgers.${i}.disposition`, DISPOSITION_MSG.unknown);
    if (found?.requires_location && !location) add(errors, `return_ledgers.${i}.location`, DISPOSITION_MSG.locationRequired);
    if (location && found && !found.requires_location) add(errors, `return_ledgers.${i}.location`, DISPOSITION_MSG.locationNotTaken);
    if (location && code === null) add(errors, `return_ledgers.${i}.location`, DISPOSITION_MSG.locationNotTaken);
    return { disposition: code, location };
  });
}

export { add as addError };
