import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import type { ReturnFileLineInput, ReturnFileMissingInput } from '../integrations/return-file.format.js';
import { connections, customers, options, orderLines, orders, products, returnLedgers, returns } from '../db/schema/index.js';

export type ConnectionRow = typeof connections.$inferSelect;

export interface ReturnFileLine extends ReturnFileLineInput {
  ledgerId: number;
  color: string | null;
  size: string | null;
}

/** Everything an outbound return file (XML, flat, web shop) carries. */
export interface ReturnFileData {
  ret: typeof returns.$inferSelect;
  customer: { id: number; company: string; orderSource: string };
  order: typeof orders.$inferSelect | null;
  lines: ReturnFileLine[];
  missingLines?: ReturnFileMissingInput[];
}

/** Reads for the outbound handlers and partner gateways; only repositories touch Drizzle. */
export function createOutboundDataRepository(db: DbOrTx) {
  return {
    async connection(id: number): Promise<ConnectionRow | undefined> {
      const [row] = await db.select().from(connections).where(eq(connections.id, id)).limit(1);
      return row;
    },

    /** The customer's first connection of a type that has an endpoint (REST partners, web shop). */
    async endpointConnection(customerId: number, connectionType: string): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(connections)
        .where(and(eq(connections.customerId, customerId), eq(connections.connectionType, connectionType), isNotNull(connections.endpoint)))
        .orderBy(asc(connections.id))
        .limit(1);
      return row?.endpoint?.trim() ? row : undefined;
    },

    /** Orders of a partner answer that are imported already (by the partner's id, source_id_1). */
    async localOrders(customerId: number, sourceIds: string[]) {
      if (!sourceIds.length) return [];
      return db
        .select({ id: orders.id, sourceId1: orders.sourceId1, orderStatus: orders.orderStatus })
        .from(orders)
        .where(and(eq(orders.customerId, customerId), inArray(orders.sourceId1, sourceIds)));
    },

    async returnFile(returnId: number): Promise<ReturnFileData | undefined> {
      const [ret] = await db.select().from(returns).where(eq(returns.id, returnId)).limit(1);
      if (!ret) return undefined;
      const [customer] = await db
        .select({ id: customers.id, company: customers.company, orderSource: customers.orderSource })
        .from(customers)
        .where(eq(customers.id, ret.customerId));
      const [order] = ret.orderId ? await db.select().from(orders).where(eq(orders.id, ret.orderId)) : [];
      const lines = await db
        .select({
          ledgerId: returnLedgers.id,
          orderLineNumber: orderLines.lineNumber,
          sku: products.sku,
          upc: products.upc,
          name1: products.name1,
          color: products.color,
          size: products.size,
          quantity: returnLedgers.quantity,
          condition: returnLedgers.condition,
          reason: returnLedgers.reason,
          reasonText: options.optionValue,
          comment: returnLedgers.comment,
        })
        .from(returnLedgers)
        .innerJoin(products, eq(products.id, returnLedgers.productId))
        .leftJoin(orderLines, eq(orderLines.id, returnLedgers.orderLineId))
        .leftJoin(
          options,
          and(
            eq(options.customerId, returnLedgers.customerId),
            eq(options.optionType, 'Reason'),
            eq(options.optionCode, returnLedgers.reason),
          ),
        )
        .where(eq(returnLedgers.returnId, returnId))
        .orderBy(asc(returnLedgers.id));
      return { ret, customer: customer!, order: order ?? null, lines };
    },
  };
}
export type OutboundDataRepository = ReturnType<typeof createOutboundDataRepository>;
