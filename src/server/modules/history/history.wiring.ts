import { createInspectionCheckRepository } from '../inspection/inspection-check.repository.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import type { TaskQueueRepository } from '../tasks/task-queue.repository.js';
import type { ParcelForReturn } from '../parcels/parcel-for-return.js';
import { createHistoryService } from './history.service.js';
import type { Principals } from '../auth/principals.js';
import { createReasonsRepository } from '../customers/reasons.repository.js';
import { createPhotoRules } from '../photos/photo-attach.js';
import { createPhotosRepository } from '../photos/photos.repository.js';
import { createReturnCommand } from '../returns/create-return.js';
import { createReturnsRepository } from '../returns/returns.repository.js';
import { createBlindReturnService } from '../returns/blind-return.service.js';
import { createDispositionsRepository } from '../dispositions/dispositions.repository.js';
import { createReturnViewRepository } from '../returns/return-view.repository.js';
import { createDecisionsRepository } from '../decisions/decisions.repository.js';
import { createReturnViewService } from '../returns/return-view.service.js';
import { createReportsService } from '../reports/reports.service.js';

/** History, Return View, blind returns and reports: wired here so services.ts needs one line. */
export function createHistoryServices(
  db: Db,
  customerAccess: CustomerAccess,
  taskQueue: TaskQueueRepository,
  clock: Clock,
  parcelForReturn: ParcelForReturn,
  principals?: Principals,
  readDb?: () => Promise<Db>,
) {
  return {
    history: createHistoryService({ db, customerAccess, principals, clock, readDb }),
    blindReturns: createBlindReturnService({
      returns: createReturnsRepository(db),
      reasons: createReasonsRepository(db),
      dispositions: createDispositionsRepository(db),
      createReturn: createReturnCommand(db),
      photoRules: createPhotoRules(createPhotosRepository(db)),
      customerAccess,
      parcelForReturn,
      inspectionCheck: createInspectionCheckRepository(db),
      clock,
    }),
    returnView: createReturnViewService({
      repo: createReturnViewRepository(db),
      photos: createPhotosRepository(db),
      customerAccess,
      decisions: createDecisionsRepository(db),
      clock,
    }),
    reports: createReportsService({ customerAccess, taskQueue, clock }),
  };
}
