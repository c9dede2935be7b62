import { z } from 'zod';
import { MSG } from './messages.js';

/** Every answer: `{ code, message }` where code equals the HTTP status. */
export const envelope = <T extends z.ZodType>(message: T) => z.object({ code: z.literal(200), message });

export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `At most ${max} characters` });

export const emailField = z
  .string({ error: MSG.emailInvalid })
  .trim()
  .max(254, { error: MSG.emailInvalid })
  .pipe(z.email({ error: MSG.emailInvalid }));

/** YYYY-MM-DD that is a real calendar date. */
export const isoDate = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message, abort: true })
    .refine(
      (v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
      },
      { error: message },
    );

export const idParam = z.object({ id: z.coerce.number({ error: 'Invalid id' }).int().positive({ error: 'Invalid id' }) });

export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    on_page: z.number().int(),
    per_page: z.number().int(),
    total_records: z.number().int(),
    total_pages: z.number().int(),
  });

/** Mirrors SPEC §3 "Customer"; secrets never appear here. */
export const customerSummary = z.object({
  id: z.number().int(),
  company: z.string(),
  can_blind: z.boolean(),
  customer_status: z.string(),
  order_source: z.string(),
  cdn_url_1: z.string().nullable(),
  cdn_url_2: z.string().nullable(),
  updated_at: z.string(),
});
export type CustomerSummary = z.infer<typeof customerSummary>;
