// When the Blind Return product search runs (SPEC §2.8) and which product a scanned code names.
import type { ProductRow } from '../../../contract/blind';
import { LIMITS } from '../../../contract/constants';

/** More than 2 characters, and not the '[Result…' label a picked option leaves behind. */
export const shouldSearch = (text: string) => text.length >= LIMITS.searchMinLength && !text.startsWith('[Result');

/** The product whose sku or upc is exactly the scanned code (any case). */
export const exactProduct = (products: ProductRow[], code: string) => {
  const c = code.trim().toLowerCase();
  if (!c) return undefined;
  return products.find((p) => p.sku.toLowerCase() === c || (p.upc ?? '').toLowerCase() === c);
};
