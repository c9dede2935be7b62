import type { PhotoLinker } from '../../photos/photo-links.js';
import { withPhotoLinks } from './outbound-photo-links.js';
import type { ReturnFileData } from './outbound-return-data.repository.js';

const photo = (p: { id: number; url: string; originalUrl: string }) => ({ id: p.id, url: p.url, original_url: p.originalUrl });

/**
 * The `data` of a return event: the return as the version the event names has it, every line with
 * its condition, reason, disposition, bin, discrepancy, signed photo links, and its grade and serial when
 * it has them (issue 27) (docs/integrations.md
 * "Webhooks"). Built once, at the first delivery, and frozen with the event.
 */
export function returnSnapshot(raw: ReturnFileData, link: PhotoLinker): Record<string, unknown> {
  const data = withPhotoLinks(raw, link);
  const { ret, order, customer } = data;
  return {
    return: {
      id: ret.id,
      version: data.correction?.version ?? 1,
      customer_id: customer.id,
      company: customer.company,
      return_date: ret.returnDate,
      is_blind: ret.isBlind,
      reference_1: ret.reference1,
      reference_2: ret.reference2,
      tracking_number: ret.trackingNumber,
      received_by: ret.username,
      created_at: ret.createdAt.toISOString(),
      has_discrepancies: ret.hasDiscrepancies,
    },
    order: order && {
      id: order.id,
      order_number: order.orderNumber,
      delivery_number: order.deliveryNumber,
      web_order_number: order.webOrderNumber,
    },
    correction: data.correction
      ? {
          version: data.correction.version,
          corrected_by: data.correction.correctedBy,
          corrected_at: data.correction.correctedAt.toISOString(),
          comment: data.correction.comment,
        }
      : null,
    lines: data.lines.map((l) => ({
      line_id: l.ledgerId,
      order_line_number: l.orderLineNumber,
      sku: l.sku,
      upc: l.upc,
      name: l.name1,
      color: l.color,
      size: l.size,
      quantity: l.quantity,
      condition: l.condition,
      reason: l.reason,
      reason_text: l.reasonText,
      comment: l.comment,
      disposition: l.disposition ?? null,
      disposition_text: l.dispositionText ?? null,
      bin: l.location ?? null,
      discrepancy: l.discrepancy ?? null,
      replaces_order_line_number: l.replacesOrderLineNumber ?? null,
      photos: (l.photos ?? []).map(photo),
      // Issue 27: only on a line a rule graded or that carries a serial (earlier receivers see no new key).
      ...(l.grade ? { grade: l.grade, grade_name: l.gradeName ?? l.grade, step_answers: l.stepAnswers ?? null } : {}),
      ...(l.serial ? { serial: l.serial, serial_shipped: l.serialShipped ?? null, serial_repeated: l.serialRepeated ?? false } : {}),
    })),
    missing_lines: (data.missingLines ?? []).map((m) => ({
      order_line_number: m.orderLineNumber,
      sku: m.sku,
      upc: m.upc,
      name: m.name1,
      quantity: m.quantity,
    })),
    photos: (data.photos ?? []).map(photo),
  };
}
