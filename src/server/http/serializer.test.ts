import fc from 'fast-check';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '../../contract/common.js';
import { API_ROUTES } from '../../contract/api-routes.js';
import { historyPage } from '../../contract/history.js';
import { orderSearchResult } from '../../contract/orders.js';
import { answerJsonSchema, answerSerializerCompiler } from './serializer.js';

type Json = Record<string, unknown>;

/** Values of a JSON Schema (the subset answerJsonSchema lets through), with an unknown key added to every object. */
export function arbitraryOf(s: Json): fc.Arbitrary<unknown> {
  const base = ((): fc.Arbitrary<unknown> => {
    if (s.const !== undefined) return fc.constant(s.const);
    if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
    if (Array.isArray(s.type)) return fc.oneof(...(s.type as string[]).map((type) => arbitraryOf({ ...s, type })));
    switch (s.type) {
      case 'string': {
        if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
        if (s.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
        if (s.format === 'email') return fc.emailAddress();
        if (typeof s.pattern === 'string') return fc.stringMatching(new RegExp(s.pattern));
        return fc.string({
          unit: 'grapheme',
          minLength: (s.minLength as number | undefined) ?? 0,
          maxLength: Math.min((s.maxLength as number | undefined) ?? 12, 12),
        });
      }
      case 'integer':
        return fc.integer({
          min: Math.max((s.minimum as number | undefined) ?? -1e9, -1e9),
          max: Math.min((s.maximum as number | undefined) ?? 1e9, 1e9),
        });
      case 'number':
        return fc.double({ noNaN: true, noDefaultInfinity: true, min: (s.minimum as number | undefined) ?? -1e9, max: 1e9 });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(arbitraryOf((s.items as Json | undefined) ?? {}), {
          minLength: (s.minItems as number | undefined) ?? 0,
          maxLength: Math.max((s.minItems as number | undefined) ?? 0, 3),
        });
      case 'object': {
        const props = (s.properties as Record<string, Json> | undefined) ?? {};
        const record = fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbitraryOf(v)])), {
          requiredKeys: (s.required as string[] | undefined) ?? [],
        });
        const extra = s.additionalProperties;
        const more =
          extra && typeof extra === 'object'
            ? fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), arbitraryOf(extra as Json), { maxKeys: 3 })
            : fc.constant({});
        // An unknown key on every object: zod drops it, and so must the fast serialiser.
        return fc.tuple(record, more).map(([r, m]) => ({ ...m, ...r, zz_unknown: 'must not appear' }));
      }
      default:
        return fc.jsonValue();
    }
  })();
  return s.nullable ? fc.option(base, { nil: null, freq: 4 }) : base;
}

const compile = (schema: z.ZodType) =>
  answerSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' } as Parameters<typeof answerSerializerCompiler>[0]);

describe('answer serialiser', () => {
  it('serialises the hot answers (health, history page, order search) without zod', () => {
    for (const schema of [envelope(z.string()), envelope(historyPage), envelope(z.array(orderSearchResult))]) {
      expect(answerJsonSchema(schema)).toBeDefined();
    }
  });

  it('keeps zod for answers whose encoding runs code (transforms, codecs, defaults, unions of objects)', () => {
    expect(answerJsonSchema(z.object({ a: z.string().transform((s) => s.length) }))).toBeUndefined();
    expect(answerJsonSchema(z.object({ a: z.string().default('x') }))).toBeUndefined();
    expect(answerJsonSchema(z.object({ a: z.union([z.object({ x: z.string() }), z.object({ y: z.number() })]) }))).toBeUndefined();
    // …and such a route answers through zod's own serialiser, which refuses what the schema does not allow.
    const viaZod = compile(z.object({ a: z.union([z.object({ x: z.string() }), z.object({ y: z.number() })]) }));
    expect(viaZod({ a: { x: 'x', extra: 1 } })).toBe('{"a":{"x":"x"}}');
    expect(() => viaZod({ a: 1 })).toThrow();
  });

  it('writes what zod encode + JSON.stringify writes, for every route answer of the contract', () => {
    // Byte for byte, except that an open object's unknown keys follow the declared ones (zod keeps
    // the object's own order): the hot answers have no open object and are compared byte for byte.
    const HOT = new Set(['listReturns', 'searchOrders']);
    let compared = 0;
    for (const [name, route] of Object.entries(API_ROUTES)) {
      const answer = (route as { answer?: z.ZodType }).answer;
      if (!answer) continue;
      const schema = envelope(answer);
      const json = answerJsonSchema(schema);
      if (!json) continue;
      const fast = fastJson(json as unknown as Parameters<typeof fastJson>[0]);
      compared++;
      fc.assert(
        fc.property(arbitraryOf(json), (value) => {
          const encoded = z.safeEncode(schema, value as z.output<typeof schema>);
          fc.pre(encoded.success); // a refinement the generator does not know (e.g. a cross-field rule)
          const written = fast(value);
          const expected = JSON.stringify(encoded.data);
          if (HOT.has(name)) expect(written, name).toBe(expected);
          else expect(JSON.parse(written), name).toEqual(JSON.parse(expected));
        }),
        { numRuns: 40, seed: 13 },
      );
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('writes a Date as its ISO text and leaves an optional field out', () => {
    const serialise = compile(z.object({ at: z.date(), note: z.string().optional(), n: z.number().nullable() }));
    const at = new Date('2026-11-24T08:00:00.123Z');
    expect(serialise({ at, n: null })).toBe(JSON.stringify({ at, n: null }));
  });
});
