import type { AppDeps } from '../../deps.js';
import { connectionAuth, PartnerRejectedError } from '../../integrations/partner-http.js';
import { postShopReturn, type ShopReturn } from '../../integrations/partner-orders.js';
import { createOutboundDataRepository, type ReturnFileData } from '../outbound-data.repository.js';
import { handlerFor, PermanentTaskError, type TaskHandler } from '../worker.js';

export function toShopReturn(data: ReturnFileData): ShopReturn {
  return {
    return_id: data.ret.id,
    order_source_id: data.order?.sourceId1 ?? null,
    order_number: data.order?.orderNumber ?? null,
    web_order_number: data.order?.webOrderNumber ?? null,
    return_date: data.ret.returnDate,
    reference_1: data.ret.reference1,
    reference_2: data.ret.reference2,
    blind: data.ret.isBlind,
    received_by: data.ret.username,
    lines: data.lines.map((l) => ({
      line_number: l.orderLineNumber,
      sku: l.sku,
      quantity: l.quantity,
      condition: l.condition,
      reason: l.reason,
      reason_text: l.reasonText,
      comment: l.comment,
    })),
  };
}

/**
 * 'Ecommerce Outbound': posts the return to the web shop of the 'SGL Ecom' connection. The body is
 * rebuilt from the saved return on every attempt (it never changes after submit) and sent with
 * Idempotency-Key return-<id>, so a retry after a timeout cannot create a second return in the shop.
 * A 4xx answer is the shop refusing this return: Error at once, with the shop's answer in the log.
 */
export function createEcommerceOutboundHandler(deps: AppDeps): TaskHandler {
  const data = createOutboundDataRepository(deps.database.db);
  return handlerFor('Ecommerce Outbound', async (_task, payload, signal) => {
    const connection = await data.connection(payload.connectionId);
    if (!connection) throw new PermanentTaskError(`Connection ${payload.connectionId} no longer exists`);
    if (!connection.endpoint?.trim()) throw new PermanentTaskError('The SGL Ecom connection has no endpoint');
    const ret = await data.returnFile(payload.returnId);
    if (!ret) throw new PermanentTaskError(`Return ${payload.returnId} not found`);
    const body = toShopReturn(ret);
    try {
      const answer = await postShopReturn(
        { endpoint: connection.endpoint, auth: connectionAuth(connection, deps.secretBox), timeoutMs: deps.config.PARTNER_TIMEOUT_MS },
        body,
        signal,
      );
      return {
        message2: answer.shopReturnId ? `Shop return ${answer.shopReturnId}` : 'Posted to the web shop',
        details: {
          endpoint: connection.endpoint,
          idempotencyKey: `return-${ret.ret.id}`,
          httpStatus: answer.status,
          shopReturnId: answer.shopReturnId,
        },
      };
    } catch (error) {
      if (error instanceof PartnerRejectedError) {
        throw new PermanentTaskError(`The web shop ${error.message}`, { httpStatus: error.status, answer: error.body });
      }
      throw new Error(`The web shop ${(error as Error).message}`);
    }
  });
}
