import type { OrderSource } from '../../../contract/constants.js';
import { LIMITS } from '../../../contract/constants.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import { createSubmitReturnRepository } from '../returns/submit-return.repository.js';
import { createSubmitReturnService } from '../returns/submit-return.service.js';
import { createOrderDetailRepository } from './order-detail.repository.js';
import { createOrderSearchRepository } from './order-search.repository.js';
import { createLocalOrderGateway, createOrderSourceGateways, type OrderSourceGateway } from './order-source-gateway.js';
import { createOrdersService } from './orders.service.js';

/**
 * The Receiving services: order search/load and the submit. `live` maps an order source to the
 * gateway of a live partner (REST search, web shop); sources without one use the local orders.
 */
export function createReceivingServices(
  db: Db,
  customerAccess: CustomerAccess,
  clock: Clock,
  live: Partial<Record<OrderSource, OrderSourceGateway>> = {},
) {
  const orderDetails = createOrderDetailRepository(db);
  const local = createLocalOrderGateway(createOrderSearchRepository(db), LIMITS.searchResultLimit);
  const gateways = createOrderSourceGateways(local, live);
  return {
    orders: createOrdersService({ customerAccess, gateways, repo: orderDetails }),
    submitReturn: createSubmitReturnService({ customerAccess, orders: orderDetails, repo: createSubmitReturnRepository(db), clock }),
  };
}
