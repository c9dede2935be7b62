import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Answers are serialised by fast-json-stringify from the JSON Schema of the route's zod answer
 * schema, the way Fastify serialises routes declared in JSON Schema. The type provider's own
 * serialiser validated every answer against the zod schema (our own output, built by our own code)
 * before JSON.stringify: 6% of a history page's CPU on 30 rows (issue 13). The document and the
 * answers' shape are unchanged: the same schema drives both, unknown keys are dropped as zod drops
 * them, and a schema whose encoding is more than a shape (a transform, a codec, a default, a union
 * of objects) keeps the type provider's serialiser (see `plainShape`).
 */

type Json = Record<string, unknown>;

/** zod types whose JSON Schema says all that serialising needs (no code runs on encode). */
const PLAIN = new Set([
  'object',
  'array',
  'string',
  'number',
  'int',
  'boolean',
  'null',
  'literal',
  'enum',
  'optional',
  'nullable',
  'readonly',
  'record',
  'date',
  'unknown',
  'any',
  'union',
]);

interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
}

/** Whether encoding the schema is only its shape: every node plain (see PLAIN), nothing run on encode. */
export function plainShape(schema: z.ZodType): boolean {
  // `def` is zod's public description of a schema (zod 4: "schema.def"); only the fields read here.
  const def = schema.def as ZodDef;
  if (!PLAIN.has(def.type)) return false;
  const children = [
    ...Object.values(def.shape ?? {}),
    def.element,
    def.innerType,
    ...(def.options ?? []),
    def.keyType,
    def.valueType,
  ].filter((c): c is z.ZodType => c !== undefined);
  return children.every(plainShape);
}

/**
 * zod's nullable — `anyOf: [X, {type: 'null'}]`, or `type: [T, 'null']` for a primitive — as `X`
 * with `nullable: true`, which fast-json-stringify answers with one null check (an anyOf would be
 * decided by validating the value against each branch).
 */
function collapseNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(collapseNullable);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = collapseNullable(v);
  if (Array.isArray(out.type) && out.type.length === 2 && out.type.includes('null')) {
    return { ...out, type: out.type.find((t) => t !== 'null'), nullable: true };
  }
  const anyOf = out.anyOf as Json[] | undefined;
  if (anyOf?.length === 2) {
    const rest = anyOf.filter((s) => s.type !== 'null');
    if (rest.length === 1 && !rest[0]!.anyOf) {
      delete out.anyOf;
      return { ...out, ...rest[0], nullable: true };
    }
  }
  return out;
}

/** Keywords fast-json-stringify would answer by validating the value at run time (ajv), unlike zod: those keep zod. */
const VALIDATING = ['anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref', 'prefixItems'];
function needsValidation(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(needsValidation);
  if (!node || typeof node !== 'object') return false;
  return Object.entries(node).some(([k, v]) => VALIDATING.includes(k) || needsValidation(v));
}

/** The JSON Schema fast-json-stringify compiles for an answer, or undefined when zod must serialise it. */
export function answerJsonSchema(schema: z.ZodType): Json | undefined {
  if (!plainShape(schema)) return undefined;
  const json = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-2020-12',
    // Only z.date() among the plain types; the override below writes it.
    unrepresentable: 'any',
    cycles: 'throw',
    reused: 'inline',
    // A Date goes out as its ISO text, as JSON.stringify writes it after zod's encode.
    override: (ctx) => {
      if (ctx.zodSchema instanceof z.ZodDate) {
        ctx.jsonSchema.type = 'string';
        ctx.jsonSchema.format = 'date-time';
      }
    },
  }) as Json;
  delete json.$schema;
  const collapsed = collapseNullable(json) as Json;
  return needsValidation(collapsed) ? undefined : collapsed;
}

/** Fastify's serializer compiler for zod answer schemas: fast-json-stringify where the shape says all, zod otherwise. */
export const answerSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const json = route.schema instanceof z.ZodType ? answerJsonSchema(route.schema) : undefined;
  if (!json) return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  const stringify = fastJson(json as unknown as Parameters<typeof fastJson>[0]);
  return (data) => stringify(data);
};
