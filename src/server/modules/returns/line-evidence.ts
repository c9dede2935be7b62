import { defaultDisposition, DISPOSITION_MSG, type DispositionView } from '../../../contract/dispositions.js';
import { inspectLines, type InspectionContext, type LineToInspect } from '../inspection/line-inspection.js';
import type { NewLedger } from './create-return.js';

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

/**
 * Issue 27: the lines checked against the product's inspection rule (inspection/line-inspection.ts),
 * and each line with the rule's disposition for its grade when it left its own out (so the
 * disposition check that follows reads it). Without a context (no rules, no fields) nothing changes.
 */
export function inspectDraft<L extends LineToInspect & { disposition?: string | null }>(
  lines: L[],
  context: InspectionContext | null,
  errors: Errors,
): { lines: L[]; inspected: Partial<NewLedger>[] } {
  if (!context) return { lines, inspected: lines.map(() => ({})) };
  const found = inspectLines(lines, context, errors);
  return {
    lines: lines.map((l, i) => (found[i]!.disposition ? { ...l, disposition: found[i]!.disposition } : l)),
    inspected: found.map(({ disposition: _d, ...rest }) => rest),
  };
}

/** The serials a draft names (trimmed, once each). */
export const serialsOf = (lines: { serial?: string | null }[]): string[] => [
  ...new Set(lines.map((l) => l.serial?.trim()).filter((s): s is string => !!s)),
];

export { add as addError };
