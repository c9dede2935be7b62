import { matchRule, type DeskInspection, type DeskRule, type RuleMatchAnswer } from '../../../contract/inspection.js';
import { notFound } from '../../http/errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import type { InspectionCheckRepository } from './inspection-check.repository.js';
import type { InspectionContext } from './line-inspection.js';

/** The rule of each product of the context that has one, as the desk shows it. */
function deskRules(ctx: InspectionContext): DeskRule[] {
  const out: DeskRule[] = [];
  for (const [productId, product] of ctx.products) {
    const rule = matchRule(ctx.rules, product);
    if (!rule) continue;
    out.push({
      product_id: productId,
      steps: rule.steps,
      serial: rule.serial,
      serial_check: rule.serial_check,
      grade_dispositions: rule.grade_dispositions,
      shipped_serials: ctx.shipped.get(productId) ?? [],
    });
  }
  return out.sort((a, b) => a.product_id - b.product_id);
}

/**
 * What the receiving desk shows of issue 27's rules: with the order load, the rule of each of the
 * order's products (one statement, the submit check's); for a product picked off the order or in a
 * blind return, its rule on its own (one round trip per pick).
 */
export function createInspectionDeskService(deps: { customerAccess: CustomerAccess; check: InspectionCheckRepository }) {
  const { customerAccess, check } = deps;
  return {
    /** The order's rules; the caller has checked the user's access to the customer. */
    async forOrder(customerId: number, orderId: number, productIds: number[]): Promise<DeskInspection> {
      const ctx = await check.read(customerId, orderId, [...new Set(productIds)], []);
      return { grades: ctx.scale, rules: deskRules(ctx) };
    },

    async match(user: AuthUser, customerId: number, productId: number): Promise<RuleMatchAnswer> {
      await customerAccess.require(user, customerId);
      const ctx = await check.read(customerId, null, [productId], []);
      if (!ctx.products.has(productId)) throw notFound('Product not found.');
      return { grades: ctx.scale, rule: deskRules(ctx)[0] ?? null };
    },
  };
}
export type InspectionDeskService = ReturnType<typeof createInspectionDeskService>;
