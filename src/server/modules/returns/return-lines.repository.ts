import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { dispositions, options, orderLines, products, returnLedgers, returnMissingLines } from '../../db/schema/index.js';

const replacedLines = alias(orderLines, 'replaced_lines');

/**
 * A return's lines as every reader shows them (Return View, the outbound files and web-shop posts):
 * each ledger with its product, the customer's texts of its reason and disposition (the screens and
 * files show the text, decisions.md), its order line's number and that of the line a wrong item
 * replaced; in the order they were saved. A ledger's customer is its return's.
 */
export function readReturnLines(db: DbOrTx, returnId: number) {
  return db
    .select({
      ledger: returnLedgers,
      product: products,
      reasonText: options.optionValue,
      dispositionText: dispositions.name,
      lineNumber: orderLines.lineNumber,
      replacesLineNumber: replacedLines.lineNumber,
    })
    .from(returnLedgers)
    .innerJoin(products, eq(products.id, returnLedgers.productId))
    .leftJoin(orderLines, eq(orderLines.id, returnLedgers.orderLineId))
    .leftJoin(replacedLines, eq(replacedLines.id, returnLedgers.replacesOrderLineId))
    .leftJoin(dispositions, and(eq(dispositions.customerId, returnLedgers.customerId), eq(dispositions.code, returnLedgers.disposition)))
    .leftJoin(
      options,
      and(eq(options.customerId, returnLedgers.customerId), eq(options.optionType, 'Reason'), eq(options.optionCode, returnLedgers.reason)),
    )
    .where(eq(returnLedgers.returnId, returnId))
    .orderBy(asc(returnLedgers.id));
}

/** The order lines confirmed missing from a return's parcel (issue 16), with product and line number, in saved order. */
export function readMissingLines(db: DbOrTx, returnId: number) {
  return db
    .select({ missing: returnMissingLines, product: products, lineNumber: orderLines.lineNumber })
    .from(returnMissingLines)
    .innerJoin(products, eq(products.id, returnMissingLines.productId))
    .innerJoin(orderLines, eq(orderLines.id, returnMissingLines.orderLineId))
    .where(eq(returnMissingLines.returnId, returnId))
    .orderBy(asc(returnMissingLines.id));
}
