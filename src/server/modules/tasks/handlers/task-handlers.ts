import type { AppDeps } from '../../../deps.js';
import type { TaskHandlers } from '../task-worker.js';
import { createOrderImportService } from '../../orders/order-import.service.js';
import { createExpectedInboundImport } from '../../expected-returns/expected-inbound.service.js';
import { createMailHandler } from './mail.handler.js';
import { createReturnReportHandler } from './return-report.handler.js';
import { createOutboundFileHandler } from './outbound-file.handler.js';
import { createSglInboundHandler } from './sgl-inbound.handler.js';
import { createEcommerceOutboundHandler } from './ecommerce-outbound.handler.js';
import { photoLinkerOf } from './outbound-photo-links.js';
import { createWebhookDeliveryHandler } from './webhook-delivery.handler.js';

/** One entry per task type the worker carries out; each handler is handed only what it uses. */
export function createTaskHandlers(deps: AppDeps): TaskHandlers {
  const { db } = deps.database;
  const { clock, secretBox, mailer } = deps;
  const photoLinker = photoLinkerOf(deps);
  const files = { db, clock, secretBox, dataDir: deps.config.dataDir, transports: deps.fileTransports };
  return {
    Mail: createMailHandler(mailer, secretBox),
    'Return Report': createReturnReportHandler(deps.database.readDb, mailer, photoLinker, clock),
    'SGL Outbound': createOutboundFileHandler({ ...files, photoLinker }, 'XML'),
    'FGL Outbound': createOutboundFileHandler({ ...files, photoLinker }, 'FLAT'),
    'SGL Inbound': createSglInboundHandler({
      ...files,
      importer: createOrderImportService({ db, clock }),
      expected: createExpectedInboundImport({ db, clock }),
    }),
    'Ecommerce Outbound': createEcommerceOutboundHandler({ db, secretBox, partnerTimeoutMs: deps.config.PARTNER_TIMEOUT_MS, photoLinker }),
    'Webhook Delivery': createWebhookDeliveryHandler({
      db,
      clock,
      secretBox,
      photoLinker,
      timeoutMs: deps.config.WEBHOOK_TIMEOUT_MS,
      allowInternal: !!deps.config.WEBHOOK_ALLOW_HTTP,
    }),
  };
}
