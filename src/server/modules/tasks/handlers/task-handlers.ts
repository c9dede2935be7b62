import type { AppDeps } from '../../../deps.js';
import type { TaskHandlers } from '../task-worker.js';
import { createMailHandler } from './mail.handler.js';
import { createReturnReportHandler } from './return-report.handler.js';
import { createOutboundFileHandler } from './outbound-file.handler.js';
import { createSglInboundHandler } from './sgl-inbound.handler.js';
import { createEcommerceOutboundHandler } from './ecommerce-outbound.handler.js';
import { photoLinkerOf } from './outbound-photo-links.js';

/** One entry per task type the worker can carry out. */
export function createTaskHandlers(deps: AppDeps): TaskHandlers {
  return {
    Mail: createMailHandler(deps.mailer, deps.secretBox),
    'Return Report': createReturnReportHandler(deps.database.db, deps.mailer, photoLinkerOf(deps), deps.clock),
    'SGL Outbound': createOutboundFileHandler(deps, 'XML'),
    'FGL Outbound': createOutboundFileHandler(deps, 'FLAT'),
    'SGL Inbound': createSglInboundHandler(deps),
    'Ecommerce Outbound': createEcommerceOutboundHandler(deps),
  };
}
