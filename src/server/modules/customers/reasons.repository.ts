import { and, asc, eq } from 'drizzle-orm';
import type { ReasonOption } from '../../../contract/orders.js';
import type { DbOrTx } from '../../db/client.js';
import { options } from '../../db/schema/index.js';

/** A customer's return reasons (its 'Reason' options), oldest first: the one query screens and rules use. */
export function createReasonsRepository(db: DbOrTx) {
  async function list(customerId: number): Promise<ReasonOption[]> {
    return db
      .select({ id: options.id, option_code: options.optionCode, option_value: options.optionValue })
      .from(options)
      .where(and(eq(options.customerId, customerId), eq(options.optionType, 'Reason')))
      .orderBy(asc(options.id));
  }

  return {
    list,
    /** The codes a ledger's reason must be one of. */
    codes: async (customerId: number): Promise<Set<string>> => new Set((await list(customerId)).map((r) => r.option_code)),
  };
}
export type ReasonsRepository = ReturnType<typeof createReasonsRepository>;
