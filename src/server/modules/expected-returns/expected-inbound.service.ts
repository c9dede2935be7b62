import { EXPECTED_LIMITS, EXPECTED_MSG, expectedReturnBody, type ExpectedReturnBody } from '../../../contract/expected-returns.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { createExpectedReturnsRepository } from './expected-returns.repository.js';
import { toRow } from './expected-returns.service.js';

/** What an inbound file's import did; a bad entry is named by its JSON path, as the order import names its rows. */
export interface InboundImportResult {
  created: number;
  unchanged: number;
  errors: { line: string; message: string }[];
}

const placeOf = (index: number, path: PropertyKey[]) =>
  `expected_returns[${index}]` + path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');

/**
 * Pre-advice from an inbound connection's file (issue 26; the 'SGL Inbound' task found the customer by
 * the envelope): all or nothing like the upload, every bad entry named by its place
 * (expected_returns[2].items[0].quantity); an RMA announced before stays as it is, so a file sent
 * twice changes nothing.
 */
export function createExpectedInboundImport(deps: { db: Db; clock: Clock }) {
  const uow = unitOfWork(deps.db, (db: DbOrTx) => ({ expected: createExpectedReturnsRepository(db) }));

  function validate(entries: unknown[]): { valid: ExpectedReturnBody[]; errors: InboundImportResult['errors'] } {
    if (entries.length > EXPECTED_LIMITS.perFile)
      return { valid: [], errors: [{ line: 'expected_returns', message: EXPECTED_MSG.fileList }] };
    const errors: InboundImportResult['errors'] = [];
    const valid: ExpectedReturnBody[] = [];
    const seen = new Set<string>();
    entries.forEach((entry, i) => {
      const parsed = expectedReturnBody.safeParse(entry);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) errors.push({ line: placeOf(i, issue.path), message: issue.message });
        return;
      }
      const rma = parsed.data.rma.toUpperCase();
      if (seen.has(rma)) errors.push({ line: placeOf(i, ['rma']), message: EXPECTED_MSG.rmaTwiceInFile(parsed.data.rma) });
      seen.add(rma);
      valid.push(parsed.data);
    });
    return { valid, errors };
  }

  return {
    async importInbound(customerId: number, entries: unknown[], fileName: string): Promise<InboundImportResult> {
      const { valid, errors } = validate(entries);
      if (errors.length) return { created: 0, unchanged: 0, errors };
      const now = deps.clock.now();
      return uow.transaction(async (tx) => {
        const taken = await tx.expected.takenRmas(
          customerId,
          valid.map((e) => e.rma),
        );
        const fresh = valid.filter((e) => !taken.has(e.rma.toUpperCase()));
        if (fresh.length) await tx.expected.insert(fresh.map((e) => toRow(customerId, e, 'file', `file ${fileName}`, null, now)));
        return { created: fresh.length, unchanged: valid.length - fresh.length, errors: [] };
      });
    },
  };
}
export type ExpectedInboundImport = ReturnType<typeof createExpectedInboundImport>;
