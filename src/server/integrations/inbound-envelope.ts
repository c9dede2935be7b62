import { z } from 'zod';

/**
 * The inbound file (docs/integrations.md "Inbound envelope"): the order file's JSON shape
 * ({ "orders": [...] }, see "Order files"), or the expected returns API's body
 * ({ "expected_returns": [...] }), with a BizTalk envelope beside it that says who sent it.
 *
 *   { "envelope": { "sender": "ACME-BT", "receiver": "SGL", "schema": "Default",
 *                   "message_id": "77001", "created_at": "2026-11-21T08:00:00Z" },
 *     "orders": [ … ] }
 */
const envelopeSchema = z.object({
  sender: z.string().trim().min(1).max(100),
  receiver: z.string().trim().min(1).max(100),
  schema: z.string().trim().max(50).default('Default'),
  message_id: z.union([z.string(), z.number()]).transform(String).optional(),
  created_at: z.string().optional(),
});

// A file carries orders or expected returns (pre-advice, issue 26), one kind per file: a brand's
// systems send them at different moments, and one kind's bad row must not hold back the other.
const fileSchema = z
  .object({
    envelope: envelopeSchema,
    orders: z.array(z.unknown()).min(1).optional(),
    expected_returns: z.array(z.unknown()).min(1).optional(),
  })
  .refine((f) => (f.orders === undefined) !== (f.expected_returns === undefined), {
    error: 'give either orders or expected_returns (a list with at least one entry), not both',
  });

export type InboundFile =
  | { envelope: InboundEnvelope; kind: 'orders'; orders: unknown[] }
  | { envelope: InboundEnvelope; kind: 'expected_returns'; expectedReturns: unknown[] };

export type InboundEnvelope = z.infer<typeof envelopeSchema>;

export class InboundFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InboundFileError';
  }
}

/** Parses an inbound file; throws InboundFileError with a reason an operator can act on. */
export function parseInboundFile(content: string): InboundFile {
  let data: unknown;
  try {
    data = JSON.parse(content.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new InboundFileError(`The file is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = fileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? issue.path.join('.') : 'the file';
    throw new InboundFileError(`Not an inbound file: ${where}: ${issue.message}`);
  }
  if (parsed.data.envelope.schema !== 'Default') {
    throw new InboundFileError(`Unknown envelope schema "${parsed.data.envelope.schema}" (only Default)`);
  }
  const { envelope, orders, expected_returns } = parsed.data;
  return orders ? { envelope, kind: 'orders', orders } : { envelope, kind: 'expected_returns', expectedReturns: expected_returns! };
}
