import { asc, eq } from 'drizzle-orm';
import type { OrderDetail, Product } from '../../../contract/orders.js';
import type { DbOrTx } from '../../db/client.js';
import { orderLines, orders, products, returnLedgers, returns } from '../../db/schema/index.js';
import { presentLedger } from '../returns/return.presenter.js';

export type OrderRow = typeof orders.$inferSelect;
type ProductRow = typeof products.$inferSelect;

export const toProduct = (p: ProductRow): Product => ({
  id: p.id,
  customer_id: p.customerId,
  sku: p.sku,
  upc: p.upc,
  name_1: p.name1,
  color: p.color,
  size: p.size,
});

/** Reads an order with everything the order panel shows. */
export function createOrderDetailRepository(db: DbOrTx) {
  return {
    async findOrder(orderId: number): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
      return row;
    },

    async detail(order: OrderRow): Promise<Omit<OrderDetail, 'reasons'>> {
      const [lines, ledgers, orderReturns] = await Promise.all([
        db
          .select({ line: orderLines, product: products })
          .from(orderLines)
          .innerJoin(products, eq(products.id, orderLines.productId))
          .where(eq(orderLines.orderId, order.id))
          .orderBy(asc(orderLines.lineNumber), asc(orderLines.id)),
        db.select().from(returnLedgers).where(eq(returnLedgers.orderId, order.id)).orderBy(asc(returnLedgers.id)),
        db
          .select({ id: returns.id, createdAt: returns.createdAt, username: returns.username })
          .from(returns)
          .where(eq(returns.orderId, order.id))
          .orderBy(asc(returns.id)),
      ]);
      return {
        id: order.id,
        customer_id: order.customerId,
        delivery_number: order.deliveryNumber,
        order_number: order.orderNumber,
        web_order_number: order.webOrderNumber,
        buyer_reference: order.buyerReference,
        order_type: order.orderType,
        source: order.source,
        source_id_1: order.sourceId1,
        order_status: order.orderStatus,
        created_at: order.createdAt.toISOString(),
        delivery_name_1: order.deliveryName1,
        delivery_name_2: order.deliveryName2,
        delivery_address_1: order.deliveryAddress1,
        delivery_address_2: order.deliveryAddress2,
        delivery_address_3: order.deliveryAddress3,
        delivery_city: order.deliveryCity,
        delivery_state: order.deliveryState,
        delivery_zipcode: order.deliveryZipcode,
        delivery_country: order.deliveryCountry,
        delivery_contact: order.deliveryContact,
        delivery_phone: order.deliveryPhone,
        delivery_email: order.deliveryEmail,
        order_lines: lines.map(({ line, product }) => ({
          id: line.id,
          order_id: line.orderId,
          product_id: line.productId,
          quantity: line.quantity,
          unit_value: line.unitValue,
          product: toProduct(product),
        })),
        returns: orderReturns.map((r) => ({ id: r.id, created_at: r.createdAt.toISOString(), username: r.username })),
        ledgers: ledgers.map(presentLedger),
      };
    },
  };
}
export type OrderDetailRepository = ReturnType<typeof createOrderDetailRepository>;
