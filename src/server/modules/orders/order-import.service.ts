import { setImmediate as nextTurn } from 'node:timers/promises';
import { RESERVED_COMPANY } from '../../../contract/constants.js';
import type { ImportError, ImportSummary, OrderFileFormat } from '../../../contract/order-import.js';
import { badRequest, notFound, validationError } from '../../http/errors.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { requireAdmin, type AuthUser } from '../auth/auth-user.js';
import type { CustomerRow } from '../customers/customer-access.repository.js';
import { capErrors, orderFileSlices, sortErrors } from './order-file.parser.js';
import { jsonPath, validateOrder, findDuplicateOrders, rawSourceId, type ParsedOrder, type ParsedSlice } from './order-file.validation.js';
import type { DbOrTx } from '../../db/client.js';
import { unitOfWork, type UnitOfWork } from '../../db/unit-of-work.js';
import { createOrderImportRepository, refreshImportStatistics, type OrderImportRepository } from './order-import.repository.js';
import { createImportWriter, emptySummary, ImportMismatchError } from './order-import.writer.js';

export { ImportMismatchError } from './order-import.writer.js';

/**
 * Order import (docs/integrations.md "Order files"), used by the CLI, the admin upload, the demo
 * data, the SGL Inbound task (files from FTP) and partner adapters that fetch one order.
 *
 * Rules: a file with any bad row imports nothing, and every bad row is reported; products are
 * upserted by (customer, sku) with the file's last description winning; orders are written in
 * batches (order-import.writer.ts), a failing order rolled back alone; an order that exists already
 * is left as it is. A stored/parsed mismatch rolls the whole file back and refuses it.
 *
 * Issue 13: the file is parsed a slice at a time, and each batch is written inside the file's
 * transaction while the next is parsed (PostgreSQL works on one core while the parse runs on the
 * other). Once a slice has an error nothing more is written, the rest of the file is still read
 * for its errors, and the transaction is rolled back: the answer is the one a whole-file
 * validation first gave.
 */

/** Orders per savepoint; bounded by lines too. */
const BATCH_ORDERS = 1000;
const BATCH_LINES = 5000;
/** The first batch is small, so that the database starts while most of the file is still to parse. */
const FIRST_BATCH_LINES = 1000;
/** Rows parsed between two looks at the database's answers (the write of a batch goes on meanwhile). */
const SLICE_LINES = 100;
/** An import that wrote this many orders and lines refreshes the planner's statistics. */
export const BULK_ROWS = 1000;

export interface ImportResult {
  summary: ImportSummary;
  /** source_id → local order id, for created and already known orders. */
  orderIds: Map<string, number>;
}

/** The file had bad rows: the transaction is rolled back and the rows reported. */
class FileRefused extends Error {}

function* startingWith<T>(first: T, rest: Iterator<T>): Generator<T> {
  yield first;
  for (let next = rest.next(); !next.done; next = rest.next()) yield next.value;
}

/** `db` may be a transaction already (demo data): the file's transaction then nests as a savepoint. */
export function createOrderImportService(deps: { db: DbOrTx; clock?: Clock }) {
  const { db } = deps;
  const uow = unitOfWork(db, createOrderImportRepository);
  const repo = uow.repos;
  const clock = deps.clock ?? systemClock;

  async function requireCustomer(ref: string | number): Promise<CustomerRow> {
    const customer = await repo.findCustomer(ref);
    if (!customer) throw notFound('Customer not found.');
    if (customer.company === RESERVED_COMPANY) throw badRequest(`Orders cannot be imported for ${RESERVED_COMPANY}.`);
    return customer;
  }

  /** Statistics help the next queries; an import that saved its orders does not fail for them. */
  async function refreshStatisticsQuietly() {
    try {
      await refreshImportStatistics(db);
    } catch (error) {
      console.warn(`Statistics not refreshed after an order import: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * Parses (slice by slice) and writes in one transaction. `errors` collects every bad row of the
   * file; any of them rolls the transaction back.
   */
  async function writeSlices(
    file: UnitOfWork<OrderImportRepository>,
    customer: CustomerRow,
    slices: Iterator<ParsedSlice>,
    errors: ImportError[],
  ) {
    const writer = createImportWriter(file, customer, clock.now());
    let writing: Promise<void> = Promise.resolve();
    let failure: { error: unknown } | undefined;
    let batch: ParsedOrder[] = [];
    let batchLines = 0;
    let maxLines = FIRST_BATCH_LINES;
    /** Starts writing the batch once the one before it is written: one batch in flight at a time. */
    const send = async () => {
      await writing;
      const orders = batch;
      batch = [];
      batchLines = 0;
      maxLines = BATCH_LINES;
      if (errors.length || failure || !orders.length) return;
      writing = writer.write(orders).catch((error: unknown) => {
        failure ??= { error };
      });
    };
    for (let next = slices.next(); !next.done; next = slices.next()) {
      errors.push(...next.value.errors);
      if (!errors.length && !failure) {
        for (const p of next.value.orders) {
          if (batch.length && (batch.length >= BATCH_ORDERS || batchLines + p.order.lines.length > maxLines)) await send();
          batch.push(p);
          batchLines += p.order.lines.length;
        }
      }
      // Lets the write of the batch before go on (its next statement) between two slices.
      await nextTurn();
    }
    await send();
    await writing;
    if (errors.length) throw new FileRefused();
    if (failure) throw failure.error;
    return writer.finish();
  }

  /**
   * Imports the orders of `slices` for one customer. A file with bad rows answers them all (sorted,
   * bounded) and imports nothing; a stored/parsed mismatch imports nothing and says so.
   */
  async function importSlices(customer: CustomerRow, slices: Iterator<ParsedSlice>): Promise<ImportResult & { rejected: boolean }> {
    const errors: ImportError[] = [];
    const refused = () => ({ summary: emptySummary(capErrors(sortErrors(errors))), orderIds: new Map<string, number>(), rejected: true });
    // A file whose first rows are bad opens no transaction: its errors are all that is read.
    const first = slices.next();
    if (first.done) return { summary: emptySummary(), orderIds: new Map(), rejected: false };
    if (first.value.errors.length) {
      errors.push(...first.value.errors);
      for (let next = slices.next(); !next.done; next = slices.next()) errors.push(...next.value.errors);
      return refused();
    }
    const all = startingWith(first.value, slices);
    try {
      const result = await uow.transaction((_, file) => writeSlices(file, customer, all, errors));
      // After the commit: ANALYZE sees the new rows only then, and VACUUM cannot run in a transaction.
      if (result.summary.orders_created + result.summary.lines_created >= BULK_ROWS) await refreshStatisticsQuietly();
      result.summary.errors = capErrors(result.summary.errors);
      // Orders that could not be saved (and none that could) refuse the file like bad rows do.
      const rejected = result.summary.orders_created + result.summary.orders_unchanged === 0 && result.summary.errors.length > 0;
      return { ...result, rejected };
    } catch (error) {
      if (error instanceof FileRefused) return refused();
      if (!(error instanceof ImportMismatchError)) {
        // A database failure while the file still had rows to read: bad rows are still the answer.
        for (let next = all.next(); !next.done; next = all.next()) errors.push(...next.value.errors);
        if (errors.length) return refused();
        throw error;
      }
      const message = `nothing of this file was imported: what the database stored differs from the file (${error.message})`;
      return { summary: emptySummary([{ line: 1, message }]), orderIds: new Map(), rejected: true };
    }
  }

  async function runFile(input: { customerId: number | string; format: OrderFileFormat; content: string }) {
    const customer = await requireCustomer(input.customerId);
    return importSlices(customer, orderFileSlices(input.format, input.content, SLICE_LINES));
  }

  return {
    requireCustomer,

    /** Parses and imports one file for one customer; any bad row → nothing imported, every bad row listed. */
    async importFile(input: { customerId: number | string; format: OrderFileFormat; content: string }): Promise<ImportSummary> {
      return (await runFile(input)).summary;
    },

    /**
     * The admin upload: a file refused for bad rows is a 422 whose messages name each line
     * ("Line 4: …"); an imported file answers its summary.
     */
    async uploadFile(user: AuthUser, customerId: number, input: { format: OrderFileFormat; content: string }): Promise<ImportSummary> {
      requireAdmin(user);
      const { summary, rejected } = await runFile({ customerId, ...input });
      if (!rejected) return summary;
      const errors: Record<string, string[]> = {};
      for (const e of summary.errors) {
        const where = typeof e.line === 'number' ? `line ${e.line}` : e.line;
        (errors[where] ??= []).push(`${typeof e.line === 'number' ? `Line ${e.line}` : e.line}: ${e.message}`);
      }
      throw validationError(errors);
    },

    /**
     * Imports orders already in the file's JSON shape (partner adapters, demo data). Validated like
     * a JSON file's orders; errors are reported as orders[i]… and then nothing is imported.
     */
    async importOrders(customerId: number | string, inputs: unknown[]): Promise<ImportResult> {
      const customer = await requireCustomer(customerId);
      const parsed: ParsedOrder[] = [];
      const errors: ImportError[] = [];
      inputs.forEach((value, i) => {
        const result = validateOrder(value, (path) => jsonPath(`orders[${i}]`, path));
        errors.push(...result.errors);
        if (result.order) parsed.push({ order: result.order, line: `orders[${i}]` });
      });
      errors.push(
        ...findDuplicateOrders(
          inputs.map((v, i) => ({
            sourceId: rawSourceId((v as { source_id?: unknown })?.source_id),
            line: `orders[${i}].source_id`,
            where: `orders[${i}]`,
          })),
        ),
      );
      if (errors.length) return { summary: emptySummary(capErrors(errors)), orderIds: new Map() };
      const { summary, orderIds } = await importSlices(customer, [{ orders: parsed, errors: [] }][Symbol.iterator]());
      return { summary, orderIds };
    },
  };
}
export type OrderImportService = ReturnType<typeof createOrderImportService>;
