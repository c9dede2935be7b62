// A customer row and its summary; which customers a caller may touch is the access repository's
// (modules/access/access.repository.ts).
import type { customers } from '../../db/schema/index.js';
import type { CustomerSummary } from '../../../contract/common.js';

export type CustomerRow = typeof customers.$inferSelect;

export const toCustomerSummary = (c: CustomerRow): CustomerSummary => ({
  id: c.id,
  company: c.company,
  can_blind: c.canBlind,
  customer_status: c.customerStatus,
  order_source: c.orderSource,
  cdn_url_1: c.cdnUrl1,
  cdn_url_2: c.cdnUrl2,
  photo_required_conditions: c.photoRequiredConditions,
  updated_at: c.updatedAt.toISOString(),
});
