import type { OrderSource, SearchField } from '../../../contract/constants.js';
import type { OrderSearchResult } from '../../../contract/orders.js';
import type { Db } from '../../db/client.js';
import { AppError, validationError } from '../../http/errors.js';
import { connectionAuth, PartnerRejectedError, PartnerUnavailableError, type PartnerAuth } from '../../integrations/partner-http.js';
import { searchRestOrders, searchShopOrders, type PartnerEndpoint } from '../../integrations/partner-orders.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/crypto.js';
import type { CustomerRow } from '../customers/customer-access.repository.js';
import { createTaskQueueRepository } from '../tasks/task-queue.repository.js';
import { createLiveOrderGatewaysRepository } from './live-order-gateways.repository.js';
import type { OrderImportService } from './order-import.service.js';
import type { OrderSourceGateway } from './order-source-gateway.js';
import { TASK_TEXT } from '../../../contract/timeline-texts.js';

export interface LiveOrderGatewayDeps {
  db: Db;
  clock: Clock;
  secretBox: SecretBox;
  /** PARTNER_TIMEOUT_MS: the longest an operator waits for a partner's search. */
  timeoutMs: number;
  /** The imported orders, searched when a customer has no endpoint. */
  local: OrderSourceGateway;
  importer: OrderImportService;
}

type PartnerOrder = Record<string, unknown> & { source_id?: unknown };

const str = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));

/**
 * Live order sources for the Receiving seam: 'Biztalk Rest' searches the customer's REST endpoint
 * (its 'Biztalk Inbound Order' connection), 'SGL Ecommerce' the web shop ('SGL Ecom' connection).
 * A customer without an endpoint falls back to the local orders, so demo data keeps working.
 */
export function createLiveOrderGateways(deps: LiveOrderGatewayDeps): Partial<Record<OrderSource, OrderSourceGateway>> {
  const { db, importer, timeoutMs } = deps;
  const local = () => deps.local;
  const data = createLiveOrderGatewaysRepository(db);

  /** An operator reads this in the red notice: who is down, and what to do. */
  function partnerError(customer: CustomerRow, what: string, error: unknown): never {
    if (error instanceof PartnerUnavailableError) {
      const why = error.kind === 'timeout' ? `did not answer within ${timeoutMs / 1000} seconds` : `is not available (${error.message})`;
      throw new AppError(
        error.kind === 'timeout' ? 504 : 502,
        `The ${what} of ${customer.company} ${why}. Please try again in a few minutes.`,
      );
    }
    if (error instanceof PartnerRejectedError) {
      throw new AppError(
        502,
        `The ${what} of ${customer.company} refused the search (HTTP ${error.status}). Please check the customer's connection.`,
      );
    }
    throw new AppError(502, `The ${what} of ${customer.company} gave an answer that cannot be read: ${(error as Error).message}.`);
  }

  async function toResults(customer: CustomerRow, found: unknown[]): Promise<OrderSearchResult[]> {
    const partnerOrders = found.filter((o): o is PartnerOrder => !!o && typeof o === 'object').slice(0, 50);
    const known = new Map(
      (
        await data.localOrders(
          customer.id,
          partnerOrders.map((o) => str(o.source_id)).filter((s): s is string => !!s),
        )
      ).map((o) => [o.sourceId1, o]),
    );
    return partnerOrders.map((o) => {
      const local = known.get(String(o.source_id));
      return {
        id: local?.id ?? null,
        source: customer.orderSource,
        order_status: local?.orderStatus ?? str(o.order_status) ?? 'New',
        delivery_name_1: str(o.delivery_name_1),
        delivery_name_2: str(o.delivery_name_2),
        delivery_contact: str(o.delivery_contact),
        reference_1: str(o.delivery_number),
        reference_2: str(o.order_number),
        reference_3: str(o.web_order_number),
        reference_4: str(o.buyer_reference),
        created_at: str(o.created_at),
        ...(local ? {} : { data: o }),
      };
    });
  }

  function gateway(
    connectionType: string,
    what: string,
    search: (p: PartnerEndpoint, text: string, field: SearchField | null) => Promise<unknown[]>,
  ): OrderSourceGateway {
    async function endpointOf(customer: CustomerRow): Promise<PartnerEndpoint | undefined> {
      const connection = await data.endpointConnection(customer.id, connectionType);
      if (!connection) return undefined;
      let auth: PartnerAuth;
      try {
        auth = connectionAuth(connection, deps.secretBox);
      } catch {
        throw new AppError(502, `The ${what} credentials of ${customer.company} cannot be read. Please enter them again.`);
      }
      return { endpoint: connection.endpoint!, auth, timeoutMs };
    }

    return {
      async search(customer, text, field) {
        const endpoint = await endpointOf(customer);
        if (!endpoint) return local().search(customer, text, field);
        let found: unknown[];
        try {
          found = await search(endpoint, text, field);
        } catch (error) {
          partnerError(customer, what, error);
        }
        return toResults(customer, found);
      },

      async load(customer, source, idOrNew, payload) {
        if (idOrNew !== 'new') return local().load(customer, source, idOrNew, payload);
        const order = (payload ?? {}) as PartnerOrder;
        const { summary, orderIds } = await importer.importOrders(customer.id, [order]);
        if (summary.errors.length) {
          const detail = summary.errors.map((e) => `${e.line} ${e.message}`).join('; ');
          // A 422 like every other: a list of messages, and the field they are about.
          throw validationError({ data: [`The order from ${customer.company}'s ${what} cannot be imported: ${detail}`] });
        }
        const orderId = orderIds.get(String(order.source_id).trim());
        if (orderId === undefined) throw new AppError(500, 'The imported order was not found.');
        const now = deps.clock.now();
        // The import's visible log: an 'SGL REST Create' task (Log Only), shown as 'Rest API' on the timeline.
        await createTaskQueueRepository(db).enqueue(
          {
            taskType: 'SGL REST Create',
            taskStatus: 'Log Only',
            message1: TASK_TEXT.order(str(order.order_number) ?? String(order.source_id)),
            message2: summary.orders_created ? `Imported from the ${what}` : `Already imported from the ${what}`,
            customerId: customer.id,
            orderId,
            details: [
              { at: now.toISOString(), event: 'created' },
              { at: now.toISOString(), event: 'imported', source: customer.orderSource, source_id: String(order.source_id), ...summary },
            ],
          },
          now,
        );
        return orderId;
      },
    };
  }

  return {
    'Biztalk Rest': gateway('Biztalk Inbound Order', 'order service', (p, text, field) => searchRestOrders(p, field ?? 'orderNo', text)),
    'SGL Ecommerce': gateway('SGL Ecom', 'web shop', (p, text) => searchShopOrders(p, text)),
  };
}
