import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import type { TaskQueueRepository } from '../tasks/task-queue.repository.js';
import { createHistoryRepository } from './history.repository.js';
import { createHistoryService } from './history.service.js';
import { createBlindReturnRepository } from '../returns/blind-return.repository.js';
import { createBlindReturnService } from '../returns/blind-return.service.js';
import { createReturnViewRepository } from '../returns/return-view.repository.js';
import { createReturnViewService } from '../returns/return-view.service.js';
import { createReportsService } from '../reports/reports.service.js';

/** History, Return View, blind returns and reports: wired here so services.ts needs one line. */
export function createHistoryServices(db: Db, customerAccess: CustomerAccess, taskQueue: TaskQueueRepository, clock: Clock) {
  return {
    history: createHistoryService({ repo: createHistoryRepository(db), customerAccess }),
    blindReturns: createBlindReturnService({ repo: createBlindReturnRepository(db), customerAccess, clock }),
    returnView: createReturnViewService({ repo: createReturnViewRepository(db), customerAccess }),
    reports: createReportsService({ customerAccess, taskQueue, clock }),
  };
}
