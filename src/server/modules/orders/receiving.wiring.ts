import { LIMITS } from '../../../contract/constants.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/crypto.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import { createReasonsRepository } from '../customers/reasons.repository.js';
import { createPhotoRules } from '../photos/photo-attach.js';
import { createPhotosRepository } from '../photos/photos.repository.js';
import { createReturnCommand } from '../returns/create-return.js';
import { createSubmitCheckRepository } from '../returns/submit-check.repository.js';
import { createInspectionCheckRepository } from '../inspection/inspection-check.repository.js';
import { createInspectionDeskService } from '../inspection/inspection-desk.service.js';
import { createDecisionsRepository } from '../decisions/decisions.repository.js';
import type { DeskDecisionRule } from '../../../contract/decisions.js';
import { createSubmitReturnService } from '../returns/submit-return.service.js';
import { createOrderDetailRepository } from './order-detail.repository.js';
import { createOrderSearchRepository } from './order-search.repository.js';
import { createLiveOrderGateways } from './live-order-gateways.js';
import type { OrderImportService } from './order-import.service.js';
import type { ParcelForReturn } from '../parcels/parcel-for-return.js';
import type { AuthUser } from '../auth/auth-user.js';
import { createLocalOrderGateway, createOrderSourceGateways } from './order-source-gateway.js';
import { createOrdersService } from './orders.service.js';

/**
 * The Receiving services: order search/load and the submit. Live partners (REST search, web shop)
 * have a gateway each; sources without one use the local orders.
 */
export function createReceivingServices(deps: {
  db: Db;
  customerAccess: CustomerAccess;
  clock: Clock;
  secretBox: SecretBox;
  partnerTimeoutMs: number;
  importer: OrderImportService;
  parcelForReturn: ParcelForReturn;
  /** Resolves a bearer token (the search of a partner-sourced customer needs the user). */
  authenticate: (token: string) => Promise<AuthUser | undefined>;
}) {
  const { db, customerAccess, clock } = deps;
  const orderDetails = createOrderDetailRepository(db);
  const reasons = createReasonsRepository(db);
  const searchRepo = createOrderSearchRepository(db);
  const local = createLocalOrderGateway(searchRepo, LIMITS.searchResultLimit);
  const live = createLiveOrderGateways({
    db,
    clock,
    secretBox: deps.secretBox,
    timeoutMs: deps.partnerTimeoutMs,
    local,
    importer: deps.importer,
  });
  const gateways = createOrderSourceGateways(local, live);
  const inspectionCheck = createInspectionCheckRepository(db);
  const inspectionDesk = createInspectionDeskService({ customerAccess, check: inspectionCheck });
  const decisionRules = createDecisionsRepository(db);
  return {
    inspectionDesk,
    orders: createOrdersService({
      customerAccess,
      gateways,
      repo: orderDetails,
      reasons,
      inspection: inspectionDesk,
      decisionRules: async (customerId) =>
        (await decisionRules.rules(customerId)).map((r) => ({
          kind: r.kind as DeskDecisionRule['kind'],
          value: r.value,
          min_value: r.minValue,
        })),
      search: { repo: searchRepo, authenticate: deps.authenticate, clock, limit: LIMITS.searchResultLimit },
    }),
    submitReturn: createSubmitReturnService({
      checks: createSubmitCheckRepository(db),
      inspectionCheck,
      createReturn: createReturnCommand(db),
      photoRules: createPhotoRules(createPhotosRepository(db)),
      parcelForReturn: deps.parcelForReturn,
      clock,
    }),
  };
}
