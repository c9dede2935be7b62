import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { RETRY_AFTER_SECONDS } from './envelope.js';
import { MAX_URL_LENGTH } from './request-limits.js';

/**
 * The OpenAPI document of /api/docs. Route files say what is particular to a route (schemas, a
 * summary); what every route shares is added here in one transform: the operationId, the
 * security, and the error answers each kind of route can give, as envelope schemas.
 */

/** Routes anyone may call; every other /api route needs a bearer token, /api/su/* an admin's (the webhook and expected-returns upload routes serve the customer's brand users too, issue 25). */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/ready',
  'POST /api/auth/login',
  'POST /api/auth/forget-password',
  'POST /api/auth/validate-reset-token',
  'POST /api/auth/confirm-password',
  'GET /api/files/{token}',
  'GET /api/photo-links/{token}',
]);
/** Routes that never touch the database or the rate limit (health checks are exempt from it). */
const NO_DATABASE = new Set(['GET /api/health']);
const NOT_RATE_LIMITED = new Set(['GET /api/health', 'GET /api/ready']);

/** Summaries of routes whose files give none (the route files keep their own where they have one). */
const SUMMARIES: Record<string, string> = {
  'GET /api/health': 'Is the process up (no database check)',
  'GET /api/ready': 'Is the database reachable (503 while it is not)',
  'POST /api/auth/login': 'Log in with username and password; answers a bearer token and its expiry',
  'POST /api/auth/forget-password': 'Mail a password reset link when the username and e-mail match an active account',
  'POST /api/auth/validate-reset-token': 'Check that a password reset link is still usable',
  'POST /api/auth/confirm-password': 'Set a new password with a reset link; ends every session of the user',
  'POST /api/account/token': 'Rotate the bearer token; answers the account and its visible customers',
  'POST /api/account/password': 'Change the own password; ends every other session of the user',
  'POST /api/account/logout': 'End the current session',
  'GET /api/su/users': 'List every user',
  'POST /api/su/users': 'Create a user',
  'PUT /api/su/users/{id}': 'Edit a user (a blank password or username keeps the old one)',
  'GET /api/su/customers': 'List every customer with its reasons and connections',
  'POST /api/su/customers': 'Create a customer',
  'PUT /api/su/customers/{id}': 'Edit a customer',
  'POST /api/su/customers/{id}/options': 'Add a return reason to a customer',
  'PUT /api/su/customers/{id}/options/{optId}': 'Edit a return reason of a customer',
  'DELETE /api/su/customers/{id}/options/{optId}': 'Delete a return reason of a customer',
  'POST /api/su/customers/{id}/connections': 'Add a connection to a customer',
  'PUT /api/su/customers/{id}/connections/{connId}': 'Edit a connection of a customer (a blank secret keeps the stored one)',
  'DELETE /api/su/customers/{id}/connections/{connId}': 'Delete a connection of a customer',
  'GET /api/su/settings': 'List the system settings (secret values are never answered)',
  'POST /api/su/settings': 'Save one system setting',
  'GET /api/su/tasks': 'Task monitor: a page of 50 tasks, newest first, filtered by message, status and type',
  'PUT /api/su/tasks/{id}': 'Change a task by hand (status, attempts, Is In Queue, message 2)',
  'PUT /api/su/tasks/{id}/download': "A signed, expiring link to a task's file (admin)",
  'PUT /api/tasks/{id}/download': "A signed, expiring link to a task's file (a user linked to the task's customer)",
  'GET /api/files/{token}': 'Download a task file through a signed link (the link is the authorisation)',
  'GET /api/su/audit': 'The change trail of one record, newest first',
};

/** Extra answers of particular routes, beyond those every route of its kind has. */
const EXTRA_STATUSES: Record<string, number[]> = {
  'POST /api/auth/login': [401, 429],
  'POST /api/auth/validate-reset-token': [404],
  'POST /api/returns': [404, 409],
  // A customer id in the query or the body that names no customer.
  'GET /api/returns': [404],
  'GET /api/returns/download': [404],
  'GET /api/dashboard': [404],
  'GET /api/dashboard/expected': [404],
  'GET /api/dashboard/decisions': [404],
  'GET /api/parcels': [404],
  'POST /api/parcels': [404],
  'POST /api/parcels/{id}/close': [409],
  'PUT /api/parcels/{id}': [409],
  'POST /api/parcels/{id}/photos': [409],
  'PUT /api/returns/blind/{customerId}': [409],
  'POST /api/reports': [404],
  'POST /api/su/returns/{returnId}/corrections': [404, 409],
  'PUT /api/returns/order/{source}/{id}': [502],
  'PUT /api/returns/search/{customerId}': [502],
  'GET /api/files/{token}': [404],
  'POST /api/photos': [404],
  'DELETE /api/photos/{id}': [409],
  'POST /api/su/customers': [409],
  'PUT /api/su/customers/{id}': [409],
  'POST /api/su/customers/{id}/orders/import': [400],
  'GET /api/su/billing': [404],
  'POST /api/su/billing/close': [404],
  'GET /api/su/billing/export': [404],
  'GET /api/su/customers/{id}/rules/export': [404],
  // The portal's statements: a closed month only (an open month is 404), an unknown customer 404.
  'GET /api/portal/billing/statements': [404],
  'GET /api/portal/billing/statement': [404],
  'GET /api/portal/billing/statement/export': [404],
  'GET /api/portal/report-schedules': [404],
  'POST /api/portal/report-schedules': [404],
  // Decisions (issue 25): a customer filter naming no customer; a decision id naming none, or decided meanwhile.
  'GET /api/decisions': [404],
  'POST /api/decisions': [404, 409],
};

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad request: the URL or the body is malformed (not valid JSON), or the request cannot be carried out',
  401: 'Unauthorized: no token, or an expired or revoked one',
  403: 'Forbidden: an admin route, or a customer the user is not linked to',
  404: 'Not found',
  409: 'Conflict with the stored state',
  413: 'The request body is too large',
  414: `The URL is longer than ${MAX_URL_LENGTH} characters, or a path part is too long`,
  415: 'The request body is not application/json',
  422: 'Invalid input: `message` lists every message once, `errors` maps each field to its messages; `codes` and `error_codes` give their stable codes',
  429: 'Too many requests: wait and try again',
  500: 'Unexpected server error (details only in the server log)',
  502: "A partner's system did not answer as expected",
  503: 'The database cannot be reached; retry after the Retry-After seconds',
};

/** A message's stable code (src/contract/message-codes.ts) and the values of its parts, for clients that translate. */
const MESSAGE_CODE = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string' }, params: { type: 'object', additionalProperties: { type: 'string' } } },
  additionalProperties: false,
};

function errorEnvelope(status: number) {
  const message = status === 422 ? { type: 'array', items: { type: 'string' }, minItems: 1 } : { type: 'string', minLength: 1 };
  const schema: Record<string, unknown> = {
    type: 'object',
    required: ['code', 'message'],
    properties: {
      code: { type: 'integer', const: status },
      message,
      codes: { type: 'array', items: MESSAGE_CODE, description: 'The code of each message, in the order of `message`' },
      ...(status === 422
        ? {
            errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
            error_codes: { type: 'object', additionalProperties: { type: 'array', items: MESSAGE_CODE } },
          }
        : {}),
    },
    additionalProperties: false,
  };
  const response: Record<string, unknown> = { description: ERROR_TEXT[status], content: { 'application/json': { schema } } };
  if (status === 503) {
    response.headers = { 'Retry-After': { description: `Seconds to wait (${RETRY_AFTER_SECONDS})`, type: 'integer', minimum: 1 } };
  }
  if (status === 429) {
    response.headers = { 'Retry-After': { description: 'Seconds to wait', type: 'integer', minimum: 0 } };
  }
  return response;
}

// The file route streams the stored file itself, not an envelope.
const FILE_ANSWER = {
  description: 'The file, as an attachment',
  content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
};

// Photo routes answer the image itself (issue 16).
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const IMAGE_ANSWER = {
  description: 'The image (thumb and display are WebP; the original keeps its format)',
  content: Object.fromEntries(IMAGE_TYPES.map((t) => [t, { schema: { type: 'string', contentMediaType: t } }])),
};
const IMAGE_ROUTES = new Set([
  'GET /api/photos/{id}/{size}',
  'GET /api/photo-links/{token}',
  'GET /api/parcels/{id}/photos/{photoId}/{size}',
]);
// The upload's body in the document: image bytes, not JSON (the route reads it raw).
const PHOTO_UPLOAD = {
  consumes: [...IMAGE_TYPES, 'application/octet-stream'],
  body: {
    type: 'string',
    contentMediaType: 'application/octet-stream',
    description: 'The image bytes (JPEG, PNG or WebP; read from the content)',
  },
};

// The billing download answers the file itself, CSV or XLSX as asked.
const BILLING_FILE_ANSWER = {
  description: "The month's billable events, one row each, as an attachment",
  content: {
    'text/csv': { schema: { type: 'string' } },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
      schema: { type: 'string', contentMediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    },
  },
};

/** `PUT /api/su/customers/{id}/options/{optId}` → `putSuCustomersByIdOptionsByOptId`. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((part) => (part.startsWith('{') ? ['by', part.slice(1, -1)] : part.split(/[-_]/)));
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/** Which error statuses a route can answer, from its kind (public, user, admin) and what it takes. */
export function errorStatusesOf(method: string, path: string, schema: { body?: unknown; querystring?: unknown; params?: unknown }) {
  const key = `${method} ${path}`;
  // Any route: a malformed URL (bad percent-encoding) is a 400, an over-long one a 414.
  const statuses = new Set<number>([400, 414, 500]);
  if (!PUBLIC_ROUTES.has(key)) [401, 403].forEach((s) => statuses.add(s));
  if (!NO_DATABASE.has(key)) statuses.add(503);
  if (!NOT_RATE_LIMITED.has(key)) statuses.add(429);
  // Fastify reads a body on these methods whether or not the route declares one.
  if (['POST', 'PUT', 'DELETE', 'PATCH'].includes(method)) [413, 415].forEach((s) => statuses.add(s));
  if (schema.body || schema.querystring || schema.params) statuses.add(422);
  if (schema.params) statuses.add(404);
  for (const s of EXTRA_STATUSES[key] ?? []) statuses.add(s);
  return [...statuses].sort((a, b) => a - b);
}

type RouteDocument = Parameters<typeof jsonSchemaTransform>[0];

/** jsonSchemaTransform (zod → JSON Schema), then what every route shares. */
function transform(document: RouteDocument): { schema: FastifySchema; url: string } {
  const { route } = document;
  const transformed = jsonSchemaTransform(document);
  const schema = transformed.schema as Record<string, unknown> & { hide?: boolean; response?: Record<string, unknown> };
  if (schema.hide || !transformed.url.startsWith('/api/') || transformed.url.startsWith('/api/docs')) {
    return { ...transformed, schema: { ...schema, hide: true } as FastifySchema };
  }
  const method = String(Array.isArray(route.method) ? route.method[0] : route.method).toUpperCase();
  const path = transformed.url.replace(/:(\w+)/g, '{$1}');
  const key = `${method} ${path}`;
  const response: Record<string, unknown> = { ...schema.response };
  const original = document.schema as { body?: unknown; querystring?: unknown; params?: unknown };
  for (const status of errorStatusesOf(method, path, original)) response[status] ??= errorEnvelope(status);
  if (key === 'GET /api/files/{token}' || key === 'GET /api/returns/download') response[200] = FILE_ANSWER;
  if (IMAGE_ROUTES.has(key)) response[200] = IMAGE_ANSWER;
  if (key === 'GET /api/su/billing/export' || key === 'GET /api/portal/billing/statement/export') response[200] = BILLING_FILE_ANSWER;
  if (key === 'GET /api/su/customers/{id}/rules/export')
    response[200] = { ...BILLING_FILE_ANSWER, description: "The customer's inspection rules, one row each, as an attachment" };
  const upload = key === 'POST /api/photos' ? PHOTO_UPLOAD : {};
  return {
    ...transformed,
    schema: {
      ...schema,
      ...upload,
      operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, path),
      summary: (schema.summary as string | undefined) ?? SUMMARIES[key],
      // A key-scoped route (issue 26) names its own scheme (http/contract-route.ts); the rest are sessions'.
      security: PUBLIC_ROUTES.has(key) ? [] : ((schema.security as unknown[] | undefined) ?? [{ bearer: [] }]),
      response,
    } as FastifySchema,
  };
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Returns Desk API',
        version: '1.0.0',
        description: 'Every answer is { code, message }; code equals the HTTP status.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: "A user's session token (POST /api/auth/login)" },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: "A customer's API key (rdk_…), made by an admin; only the /api/v1 routes accept it, within its scopes",
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform,
    // OpenAPI 3.1 is JSON Schema 2020-12: `const` is kept as zod writes it.
    convertConstToEnum: false,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
