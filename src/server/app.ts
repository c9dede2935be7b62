import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import type { AppDeps } from './deps.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/envelope.js';
import { createGuards } from './http/auth-guard.js';
import { OneLinePerRequest } from './http/logging.js';
import { registerNoStore } from './http/no-store.js';
import { registerOpenApi } from './http/openapi.js';
import { answerMethodNotAllowed, registerUrlLengthLimit, trackRouteMethods } from './http/request-limits.js';
import { registerRateLimits } from './http/rate-limits.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { answerSerializerCompiler } from './http/serializer.js';
import { apiCompressionOptions, staticAssetOptions } from './http/static-assets.js';
import { createServices } from './services.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { adminRoutes } from './modules/admin/admin.wiring.js';
import { historyRoutes } from './modules/history/history.routes.js';
import { blindReturnRoutes } from './modules/returns/blind-return.routes.js';
import { returnViewRoutes } from './modules/returns/return-view.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { submitReturnRoutes } from './modules/returns/submit-return.routes.js';
import { orderImportRoutes } from './modules/orders/order-import.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { photoLinkRoutes, photosRoutes } from './modules/photos/photos.routes.js';
import { parcelsRoutes } from './modules/parcels/parcels.routes.js';
import { decisionsRoutes } from './modules/decisions/decisions.routes.js';
import { correctionsRoutes } from './modules/corrections/corrections.routes.js';
import { schedulesRoutes } from './modules/schedules/schedules.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { dispositionsRoutes } from './modules/dispositions/dispositions.routes.js';
import { inspectionRulesRoutes } from './modules/inspection/inspection-rules.routes.js';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.js';
import { partnerApiRoutes } from './modules/partner-api/partner-api.routes.js';
import { expectedReturnsRoutes } from './modules/expected-returns/expected-returns.routes.js';

export interface BuildAppOptions {
  /** Folder of the built SPA; served with an index.html fallback when it exists. */
  webRoot?: string;
  logger?: boolean | object;
  /** A ready logger (the server's: httpLogger), instead of `logger` options. */
  loggerInstance?: FastifyBaseLogger;
}

/** Builds the HTTP app without listening (tests use inject()). */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? false }),
    logController: new OneLinePerRequest(),
    trustProxy: toTrustProxy(deps.config.TRUST_PROXY),
    bodyLimit: 2 * 1024 * 1024,
    // Errors raised before a route runs answer in the envelope too (http/envelope.ts).
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  app.decorateRequest('user', null);
  app.decorateRequest('apiKey', null);
  registerErrorHandling(app);
  registerUrlLengthLimit(app);
  registerNoStore(app);
  const allowedMethods = trackRouteMethods(app);
  // The API speaks JSON only: a text/plain body is a 415, not a string handed to the schema.
  app.removeContentTypeParser('text/plain');

  await registerSecurityHeaders(app);
  await registerRateLimits(app, deps.config);
  await registerOpenApi(app);

  // The composition root: each route plugin gets exactly the services its options name.
  const services = createServices(deps);
  const guards = createGuards(services.auth.authenticate, services.apiKeys.authenticate, services.portalAudit.record);
  await app.register(
    async (api) => {
      // Inside the /api scope only: the SPA's files are compressed at build time.
      await api.register(compress, apiCompressionOptions);
      await api.register(systemRoutes, { database: deps.database });
      await api.register(authRoutes, { auth: services.auth });
      await api.register(accountRoutes, { guards, auth: services.auth });
      await api.register(adminRoutes, { guards, ...services.admin });
      await api.register(historyRoutes, { guards, history: services.history });
      await api.register(blindReturnRoutes, { guards, blindReturns: services.blindReturns });
      await api.register(returnViewRoutes, { guards, returnView: services.returnView });
      await api.register(reportsRoutes, { guards, reports: services.reports });
      await api.register(ordersRoutes, { guards, orders: services.orders });
      await api.register(submitReturnRoutes, { guards, submitReturn: services.submitReturn });
      await api.register(orderImportRoutes, { guards, orderImport: services.orderImport });
      await api.register(dashboardRoutes, { guards, dashboard: services.dashboard });
      await api.register(photosRoutes, { guards, photos: services.photos });
      await api.register(photoLinkRoutes, { photos: services.photos });
      await api.register(parcelsRoutes, { guards, parcels: services.parcels });
      await api.register(correctionsRoutes, { guards, corrections: services.corrections });
      await api.register(decisionsRoutes, { guards, decisions: services.decisions, decisionRules: services.decisionRules });
      await api.register(schedulesRoutes, { guards, schedules: services.schedules });
      await api.register(billingRoutes, { guards, billing: services.billing });
      await api.register(dispositionsRoutes, { guards, dispositions: services.dispositions });
      await api.register(inspectionRulesRoutes, {
        guards,
        inspectionRules: services.inspectionRules,
        inspectionDesk: services.inspectionDesk,
      });
      await api.register(apiKeysRoutes, { guards, apiKeys: services.apiKeys });
      await api.register(partnerApiRoutes, { guards, partnerReturns: services.partnerReturns });
      await api.register(expectedReturnsRoutes, { guards, expectedReturns: services.expectedReturns });
    },
    { prefix: '/api' },
  );

  const serveSpa = !!options.webRoot && existsSync(options.webRoot);
  if (serveSpa) {
    await app.register(fastifyStatic, staticAssetOptions(options.webRoot!));
  }
  // The SPA owns every non-API path: a GET that no file answers gets index.html (a missing
  // build asset stays a 404, so a stale tab sees a load error rather than HTML as JavaScript).
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const spaPath = serveSpa && !path.startsWith('/api/');
    if (answerMethodNotAllowed(request, reply, spaPath ? ['GET', 'HEAD'] : allowedMethods(path))) return reply;
    if (serveSpa && request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/assets/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ code: 404, message: `No route ${request.method} ${request.url.split('?')[0]}.` });
  });
  return app;
}

/** A hop count becomes Fastify's function form (its types take no number). */
function toTrustProxy(setting: boolean | number | string[]) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}
