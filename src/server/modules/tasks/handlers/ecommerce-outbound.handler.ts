import type { Db } from '../../../db/client.js';
import type { SecretBox } from '../../../lib/crypto.js';
import type { PhotoLinker } from '../../photos/photo-links.js';
import { formatHas, formatVersionOf, type OutboundFormatVersion } from '../../../../contract/format-version.js';
import { discrepancyTotals, type PhotoLinkInput, type ReturnFileInput } from '../../../integrations/return-file.format.js';
import { connectionAuth, PartnerRejectedError } from '../../../integrations/partner-http.js';
import {
  postShopCorrection,
  postShopReturn,
  shopIdempotencyKey,
  type ShopCorrection,
  type ShopReturn,
} from '../../../integrations/partner-orders.js';
import { createOutboundDataRepository, type ReturnFileData } from './outbound-return-data.repository.js';
import { handlerFor, type TaskHandler } from '../task-worker.js';
import { PermanentTaskError } from '../task-outcome.js';
import { withPhotoLinks } from './outbound-photo-links.js';
import { TASK_TEXT } from '../../../../contract/timeline-texts.js';

/** The web-shop body; version 1 is the original body, later versions add keys (docs/integrations.md). */

/** Message 2 of a posted return: the shop's return number when it gave one, and the correction's version. */
function shopMessage(shopReturnId: string | number | null | undefined, correction: number | undefined): string {
  if (shopReturnId) return correction ? TASK_TEXT.shopReturnCorrection(shopReturnId, correction) : TASK_TEXT.shopReturn(shopReturnId);
  return correction ? TASK_TEXT.postedCorrection(correction) : TASK_TEXT.posted;
}
export function toShopReturn(data: Omit<ReturnFileInput, 'correction'>, version: OutboundFormatVersion = 1): ShopReturn {
  const dispositions = formatHas(version, 'dispositions');
  const discrepancies = formatHas(version, 'discrepancies');
  const photoLinks = formatHas(version, 'photoLinks');
  const inspection = formatHas(version, 'inspection');
  const photos = (list: PhotoLinkInput[] | undefined) => (list ?? []).map((p) => ({ id: p.id, url: p.url, original_url: p.originalUrl }));
  const totals = discrepancyTotals(data);
  return {
    ...(version > 1 ? { format_version: version } : {}),
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
      ...(dispositions
        ? { disposition: l.disposition ?? null, disposition_text: l.dispositionText ?? null, location: l.location ?? null }
        : {}),
      ...(discrepancies ? { discrepancy: l.discrepancy ?? null, replaces_line_number: l.replacesOrderLineNumber ?? null } : {}),
      ...(photoLinks ? { photos: photos(l.photos) } : {}),
      ...(inspection
        ? {
            grade: l.grade ?? null,
            grade_name: l.gradeName ?? null,
            step_answers: l.stepAnswers ?? null,
            serial: l.serial ?? null,
            serial_shipped: l.serialShipped ?? null,
            serial_repeated: l.serialRepeated ?? false,
          }
        : {}),
    })),
    ...(discrepancies
      ? {
          missing_lines: (data.missingLines ?? []).map((m) => ({ line_number: m.orderLineNumber, sku: m.sku, quantity: m.quantity })),
          discrepancies: { missing: totals.missing, wrong_items: totals.wrongItems, extra_items: totals.extraItems, total: totals.total },
        }
      : {}),
    ...(photoLinks ? { photos: photos(data.photos) } : {}),
  };
}

/** A correction's web-shop body: the full corrected return in the connection's version, and what it corrects. */
export function toShopCorrection(
  data: Omit<ReturnFileInput, 'correction'> & { correction: NonNullable<ReturnFileData['correction']> },
  version: OutboundFormatVersion = 1,
): ShopCorrection {
  return {
    ...toShopReturn(data, version),
    return_version: data.correction.version,
    original_idempotency_key: shopIdempotencyKey(data.ret.id),
    corrected_by: data.correction.correctedBy,
    corrected_at: data.correction.correctedAt.toISOString(),
    comment: data.correction.comment,
  };
}

/** What 'Ecommerce Outbound' uses: the return's data, the shop's credentials, the photo links. */
export interface EcommerceOutboundHandlerDeps {
  db: Db;
  /** Opens the connection's sealed credentials. */
  secretBox: SecretBox;
  /** PARTNER_TIMEOUT_MS: how long the shop may take to answer. */
  partnerTimeoutMs: number;
  photoLinker: PhotoLinker;
}

/**
 * 'Ecommerce Outbound': posts the return to the web shop of the 'SGL Ecom' connection. The body is
 * rebuilt on every attempt from the version the task carries (1, the submitted return, unless it is a
 * correction; a version never changes once saved) and sent with Idempotency-Key return-<id> (a
 * correction: POST …/returns/<id>/corrections with return-<id>-v<version>), so a retry after a
 * timeout cannot create a second return or correction in the shop.
 * A 4xx answer is the shop refusing this return: Error at once, with the shop's answer in the log.
 */
export function createEcommerceOutboundHandler(deps: EcommerceOutboundHandlerDeps): TaskHandler {
  const data = createOutboundDataRepository(deps.db);
  const { photoLinker } = deps;
  return handlerFor('Ecommerce Outbound', async (_task, payload, signal) => {
    const connection = await data.connection(payload.connectionId);
    if (!connection) throw new PermanentTaskError(`Connection ${payload.connectionId} no longer exists`);
    if (!connection.endpoint?.trim()) throw new PermanentTaskError('The SGL Ecom connection has no endpoint');
    const ret = await data.returnFile(payload.returnId, payload.version);
    if (!ret) throw new PermanentTaskError(`Return ${payload.returnId}${payload.version ? ` version ${payload.version}` : ''} not found`);
    const linked = withPhotoLinks(ret, photoLinker);
    const version = formatVersionOf(connection.connectionMeta);
    const partner = {
      endpoint: connection.endpoint,
      auth: connectionAuth(connection, deps.secretBox),
      timeoutMs: deps.partnerTimeoutMs,
    };
    const idempotencyKey = shopIdempotencyKey(ret.ret.id, ret.correction?.version);
    try {
      const answer = linked.correction
        ? await postShopCorrection(partner, toShopCorrection({ ...linked, correction: linked.correction }, version), signal)
        : await postShopReturn(partner, toShopReturn(linked, version), signal);
      return {
        message2: shopMessage(answer.shopReturnId, ret.correction?.version),
        details: {
          endpoint: connection.endpoint,
          idempotencyKey,
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
