import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { connections, orders, type ConnectionRow } from '../../db/schema/index.js';

/** The reads of the live order gateways: a customer's partner endpoint, and what is imported already. */
export function createLiveOrderGatewaysRepository(db: DbOrTx) {
  return {
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
  };
}
export type LiveOrderGatewaysRepository = ReturnType<typeof createLiveOrderGatewaysRepository>;
