import type { AppDeps } from './deps.js';
import { unitOfWork } from './db/unit-of-work.js';
import { createAdminServices } from './modules/admin/admin.wiring.js';
import { createAccessRepository } from './modules/access/access.repository.js';
import { createAuthRepository } from './modules/auth/auth.repository.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createPortalAudit } from './modules/audit/portal-audit.service.js';
import { createPrincipals } from './modules/auth/principals.js';
import { createCustomerAccess } from './modules/customers/customer-access.service.js';
import { createTaskQueueRepository } from './modules/tasks/task-queue.repository.js';
import { createHistoryServices } from './modules/history/history.wiring.js';
import { createReceivingServices } from './modules/orders/receiving.wiring.js';
import { createOrderImportService } from './modules/orders/order-import.service.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';
import { publicBaseUrl } from './bootstrap/photo-storage.js';
import { createPhotoLinks } from './modules/photos/photo-links.js';
import { createPhotosRepository } from './modules/photos/photos.repository.js';
import { createPhotosService } from './modules/photos/photos.service.js';
import { createParcelsService } from './modules/parcels/parcels.service.js';
import { createParcelForReturn } from './modules/parcels/parcel-for-return.js';
import { createReturnsRepository } from './modules/returns/returns.repository.js';
import { createDecisionRulesService } from './modules/decisions/decision-rules.service.js';
import { createDecisionsService } from './modules/decisions/decisions.service.js';
import { createCorrectionsService } from './modules/corrections/corrections.service.js';
import { createSchedulesService } from './modules/schedules/schedules.service.js';
import { createBillingService } from './modules/billing/billing.service.js';
import { createDispositionsService } from './modules/dispositions/dispositions.service.js';
import { createInspectionRulesService } from './modules/inspection/inspection-rules.service.js';
import { createApiKeysService } from './modules/api-keys/api-keys.service.js';
import { createExpectedReturnsService } from './modules/expected-returns/expected-returns.service.js';
import { createPartnerReturnsRepository } from './modules/partner-api/partner-returns.repository.js';
import { createPartnerReturnsService } from './modules/partner-api/partner-returns.service.js';
import { createOutboundDataRepository } from './modules/tasks/handlers/outbound-return-data.repository.js';
import { photoLinkerOf } from './modules/tasks/handlers/outbound-photo-links.js';

/** Wires repositories into services; one place, so a feature is added by one line here. */
export function createServices(deps: AppDeps) {
  const { db } = deps.database;
  const access = createAccessRepository(db);
  const customerAccess = createCustomerAccess(access);
  const taskQueue = createTaskQueueRepository(db);
  const auth = createAuthService({
    auth: unitOfWork(db, createAuthRepository),
    access,
    customerAccess,
    taskQueue,
    clock: deps.clock,
    secretBox: deps.secretBox,
    settings: {
      sessionHours: deps.config.SESSION_HOURS,
      maxFailures: deps.config.LOGIN_MAX_FAILURES,
      lockMinutes: deps.config.LOGIN_LOCK_MINUTES,
      publicUrl: deps.config.PUBLIC_URL,
    },
  });
  const orderImport = createOrderImportService({ db, clock: deps.clock });
  const photos = createPhotosService({
    repo: createPhotosRepository(db),
    storage: deps.photoStorage,
    customerAccess,
    links: createPhotoLinks(deps.secretBox, deps.config.PHOTO_LINK_DAYS),
    clock: deps.clock,
    maxBytes: Math.round(deps.config.PHOTO_MAX_MB * 1024 * 1024),
    publicUrl: publicBaseUrl(deps.config),
  });
  const parcels = createParcelsService({ db, customerAccess, clock: deps.clock, readKeptPhoto: photos.readKept });
  const returnsRepo = createReturnsRepository(db);
  const parcelForReturn = createParcelForReturn({
    requireParcel: parcels.requireParcel,
    findReturnOfDraft: (userId, draftId) => returnsRepo.findByDraft(userId, draftId),
  });
  const { orders, submitReturn, inspectionDesk } = createReceivingServices({
    db,
    customerAccess,
    clock: deps.clock,
    secretBox: deps.secretBox,
    partnerTimeoutMs: deps.config.PARTNER_TIMEOUT_MS,
    importer: orderImport,
    parcelForReturn,
    authenticate: auth.authenticate,
  });
  const principals = createPrincipals({ authenticate: auth.authenticate, customerAccess });
  // Read-heavy pages read the replica when one is set and caught up (issue 29, db/read-routing.ts).
  const readDb = () => deps.database.readDb();
  const historyServices = createHistoryServices(db, customerAccess, taskQueue, deps.clock, parcelForReturn, principals, readDb);
  return {
    customerAccess,
    taskQueue,
    auth,
    portalAudit: createPortalAudit({ db, clock: deps.clock }),
    orders,
    submitReturn,
    inspectionDesk,
    orderImport,
    photos,
    ...historyServices,
    dashboard: createDashboardService({ db, customerAccess, clock: deps.clock, readDb }),
    parcels,
    corrections: createCorrectionsService({ db, customerAccess, clock: deps.clock, returnView: historyServices.returnView }),
    schedules: createSchedulesService({ db, clock: deps.clock, customerAccess }),
    billing: createBillingService({ db, clock: deps.clock, customerAccess }),
    decisions: createDecisionsService({ db, clock: deps.clock, customerAccess }),
    decisionRules: createDecisionRulesService({ db, clock: deps.clock }),
    dispositions: createDispositionsService({ db, clock: deps.clock, customerAccess }),
    inspectionRules: createInspectionRulesService({ db, clock: deps.clock, customerAccess }),
    apiKeys: createApiKeysService({ db, clock: deps.clock, access }),
    expectedReturns: createExpectedReturnsService({ db, clock: deps.clock, customerAccess }),
    partnerReturns: createPartnerReturnsService({
      repo: createPartnerReturnsRepository(db),
      returnData: createOutboundDataRepository(db),
      customerAccess,
      photoLinker: photoLinkerOf(deps),
    }),
    admin: createAdminServices({
      db,
      clock: deps.clock,
      secretBox: deps.secretBox,
      customerAccess,
      readDb,
      allowHttpWebhooks: deps.config.WEBHOOK_ALLOW_HTTP ?? false,
      publicUrl: deps.config.PUBLIC_URL,
    }),
  };
}
export type Services = ReturnType<typeof createServices>;
