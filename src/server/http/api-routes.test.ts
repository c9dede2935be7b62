// The contract route table (src/contract/api-paths.ts + api-routes.ts) against the routes the
// server really registers, read from the app's OpenAPI document: every route of the table exists
// with its method, and no registered route is missing from the table; the answer, body and query
// schemas are the very ones the server declares (compared as the JSON Schema the document holds).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { envelope } from '../../contract/common.js';
import { API_PATHS, fillPath, type RouteName } from '../../contract/api-paths.js';
import { API_ROUTES, type RouteSchemas } from '../../contract/api-routes.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

interface Operation {
  parameters?: { in: string; name: string; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** '/su/users/:id' → '/api/su/users/{id}', as the OpenAPI document writes paths. */
const documentPath = (path: string) => `/api${path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')}`;

let testApp: TestApp;
let doc: OpenApiDocument;

/** The JSON Schemas the server's own transform makes of the table's zod schemas. */
function expected(name: RouteName, schemas: RouteSchemas) {
  const { schema } = jsonSchemaTransform({
    schema: {
      ...(schemas.body ? { body: schemas.body } : {}),
      ...(schemas.query ? { querystring: schemas.query } : {}),
      ...(schemas.answer ? { response: { 200: envelope(schemas.answer) } } : {}),
    },
    url: documentPath(API_PATHS[name].path),
    openapiObject: { openapi: doc.openapi },
  } as Parameters<typeof jsonSchemaTransform>[0]) as { schema: { body?: unknown; querystring?: unknown; response?: { 200: unknown } } };
  return schema;
}

beforeAll(async () => {
  testApp = await createTestApp();
  doc = (testApp.app as unknown as { swagger(): OpenApiDocument }).swagger();
});
afterAll(() => testApp.close());

describe('contract route table', () => {
  const names = Object.keys(API_PATHS) as RouteName[];

  it('names the same routes as the schema table', () => {
    expect(Object.keys(API_ROUTES).sort()).toEqual([...names].sort());
  });

  it('lists every /api route the server registers, and only those', () => {
    const registered = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const table = names.map((n) => `${API_PATHS[n].method} ${documentPath(API_PATHS[n].path)}`);
    expect(new Set(table).size).toBe(table.length);
    expect([...registered].sort()).toEqual([...table].sort());
  });

  it.each(names)('%s: answer, body and query schemas are the ones the server declares', (name) => {
    const route = API_PATHS[name];
    const operation = doc.paths[documentPath(route.path)]?.[route.method.toLowerCase()];
    expect(operation, `${route.method} ${route.path}`).toBeDefined();
    const want = expected(name, API_ROUTES[name]);

    const answer = operation!.responses?.['200']?.content?.['application/json']?.schema;
    expect(answer, 'answer').toEqual(want.response?.[200]);

    const body = operation!.requestBody?.content['application/json']?.schema;
    expect(body, 'body').toEqual(want.body);

    const queryParams = (operation!.parameters ?? []).filter((p) => p.in === 'query');
    const wantQuery = (want.querystring ?? { properties: {} }) as { properties: Record<string, unknown> };
    expect(Object.fromEntries(queryParams.map((p) => [p.name, p.schema])), 'query').toEqual(wantQuery.properties);

    const pathParams = (operation!.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
    const named = [...route.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
    expect(pathParams.sort(), 'path parameters').toEqual(named.sort());
  });
});

describe('fillPath', () => {
  it('fills and encodes every parameter', () => {
    expect(fillPath(API_PATHS.updateOption.path, { id: 4, optId: 'a/b' })).toBe('/su/customers/4/options/a%2Fb');
    expect(fillPath(API_PATHS.readReturn.path, { returnId: 12, orderId: 'blind' })).toBe('/returns/12/order/blind');
  });

  it('refuses a missing parameter instead of calling a wrong path', () => {
    expect(() => fillPath(API_PATHS.updateUser.path, {})).toThrow(/Missing path parameter id/);
  });
});
