import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ORDER_IMPORT_LIMITS } from '../../../contract/order-import.js';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import type { OrderImportService } from './order-import.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface OrderImportRoutesOptions {
  guards: Guards;
  orderImport: OrderImportService;
}

/** Admin upload of an order file (docs/integrations.md "Order files"). */
export const orderImportRoutes: FastifyPluginAsyncZod<OrderImportRoutesOptions> = async (app, { guards, orderImport }) => {
  contractRoutes(app, guards)('importOrders', {
    access: 'admin',
    tags: ['admin'],
    summary: 'Import an order file (CSV or JSON) for a customer',
    description:
      'All or nothing per file: a file with a bad row imports nothing and answers 422 with one message per problem ("Line 4: …" or "orders[3].lines[1].quantity: …"). Orders already imported are left unchanged.',
    // The file travels as a JSON string: allow its size plus escaping.
    options: { bodyLimit: ORDER_IMPORT_LIMITS.maxUploadChars + 5 * 1024 * 1024 },
    handler: async (req) => ok(await orderImport.uploadFile(currentUser(req), req.params.id, req.body)),
  });
};
