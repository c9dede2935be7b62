// A route is declared once, in the contract's route table (src/contract/api-paths.ts: method and
// path; api-routes.ts: the schemas of its path, body, query and answer). The server registers it
// from there with its handler, so a route file names only who may call it, its OpenAPI words and
// what it does; the OpenAPI document and the SPA's call types come from the same table.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { API_PATHS, type RouteName } from '../../contract/api-paths.js';
import { API_ROUTES, type RouteSchemas } from '../../contract/api-routes.js';
import { envelope } from '../../contract/common.js';
import { BY_STATEMENT, PORTAL, type Guards, type RouteAccess } from './auth-guard.js';

type Schemas<N extends RouteName> = (typeof API_ROUTES)[N];
type Parsed<N extends RouteName, K extends keyof RouteSchemas> =
  Schemas<N> extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : unknown;

/** A request of the route, typed by its contract schemas (as validated). */
export type ContractRequest<N extends RouteName> = FastifyRequest<{
  Params: Parsed<N, 'params'>;
  Body: Parsed<N, 'body'>;
  Querystring: Parsed<N, 'query'>;
}>;

/** The envelope of the route's 200 answer; a route without an answer schema sends a file through the reply. */
type Answer<N extends RouteName> = Schemas<N> extends { answer: infer S extends z.ZodType } ? { code: 200; message: z.output<S> } : never;

export interface RouteSpec<N extends RouteName> {
  access: RouteAccess;
  tags: readonly string[];
  summary?: string;
  description?: string;
  /** What the route needs beyond its contract: a rate limit, a body limit, a log level, an early size check. */
  options?: Pick<RouteOptions, 'config' | 'bodyLimit' | 'logLevel' | 'preParsing'>;
  handler: (request: ContractRequest<N>, reply: FastifyReply) => Promise<Answer<N> | FastifyReply>;
  /**
   * A portal route's call by a brand user goes to the audit trail when it changes something (any
   * method but GET) or, with this set, when it hands out data in bulk (a download).
   */
  brandAudit?: boolean;
}

const BEARER = [{ bearer: [] }];
/** The key-scoped API's own security scheme (http/openapi.ts). */
const API_KEY = [{ apiKey: [] }];

/**
 * The `route(name, spec)` of a route plugin: registers the named route of the contract table on
 * `app` with the guard its access names. `guards` may be left out by a plugin of public routes only.
 */
export function contractRoutes(app: FastifyInstance, guards?: Guards) {
  return function route<N extends RouteName>(name: N, spec: RouteSpec<N>): void {
    const { method, path } = API_PATHS[name];
    const schemas: RouteSchemas = API_ROUTES[name];
    if (spec.access !== 'public' && !guards) throw new Error(`Route ${name} is for signed-in callers: its plugin needs the guards`);
    const onRequest = guards?.hookFor(spec.access);
    // The guard let this route's callers through on their token alone: bad input resolves them first.
    const tokenOnly = BY_STATEMENT.includes(spec.access);
    const audited = PORTAL.includes(spec.access) && (method !== 'GET' || spec.brandAudit === true);
    const onSend = audited && guards ? brandAuditHook(guards, name) : undefined;
    app.route({
      ...spec.options,
      method,
      url: path,
      ...(onRequest ? { onRequest } : {}),
      ...(onSend ? { onSend } : {}),
      ...(tokenOnly ? { attachValidation: true } : {}),
      schema: {
        tags: [...spec.tags],
        ...(spec.summary ? { summary: spec.summary } : {}),
        ...(spec.description ? { description: spec.description } : {}),
        ...(spec.access === 'public' ? {} : { security: spec.access.startsWith('key:') ? API_KEY : BEARER }),
        // Who may call it, in the OpenAPI document too: the access matrix test reads every route's here.
        ...({ 'x-access': spec.access } as Record<string, unknown>),
        ...(schemas.params ? { params: schemas.params } : {}),
        ...(schemas.body ? { body: schemas.body } : {}),
        ...(schemas.query ? { querystring: schemas.query } : {}),
        ...(schemas.answer ? { response: { 200: envelope(schemas.answer) } } : {}),
      },
      async handler(request: FastifyRequest, reply: FastifyReply) {
        if (tokenOnly && request.validationError) {
          await guards?.resolveBeforeBadInput(request, spec.access);
          throw request.validationError;
        }
        return spec.handler(request as ContractRequest<N>, reply);
      },
    });
  };
}

/**
 * A brand user's call that did something: its trail entry, written before the answer leaves (on
 * send, not on response), so whoever reads the trail after the answer finds it. A refused or
 * invalid call changed nothing and writes nothing (the access matrix checks that every table is as
 * before). A failed write is logged, never the caller's error.
 */
function brandAuditHook(guards: Guards, name: RouteName) {
  return async <P>(request: FastifyRequest, reply: FastifyReply, payload: P): Promise<P> => {
    const user = request.user;
    if (!user?.isBrand || reply.statusCode >= 400) return payload;
    try {
      await guards.recordPortalAction(user, { route: name, method: request.method, params: request.params, status: reply.statusCode });
    } catch (error) {
      request.log.error({ err: error, route: name }, 'portal audit entry not written');
    }
    return payload;
  };
}
