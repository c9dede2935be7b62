import type { ReportRequestBody } from '../../../contract/reports.js';
import { toLocale, type Locale } from '../../../contract/locales.js';
import type { ReturnReportPayload } from '../../../contract/task-payloads.js';
import type { Clock } from '../../lib/clock.js';
import { requireOwnMailDomain, type AuthUser } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import type { TaskQueueRepository } from '../tasks/task-queue.repository.js';
import { TASK_TEXT } from '../../../contract/timeline-texts.js';

/** The e-mailed return report (SPEC §2.15): the request only queues a task; the worker builds and mails it. */
export function createReportsService(deps: { customerAccess: CustomerAccess; taskQueue: TaskQueueRepository; clock: Clock }) {
  return {
    async requestReturnReport(user: AuthUser, body: ReportRequestBody, browserLanguage?: Locale): Promise<number> {
      const customer = await deps.customerAccess.require(user, body.customer_id);
      requireOwnMailDomain(user, body.email);
      const payload: ReturnReportPayload = {
        reportName: body.report_name,
        customerId: customer.id,
        dateFrom: body.date_from,
        dateTo: body.date_to,
        email: body.email,
        requestedBy: user.username,
        // The mail in the requester's language (the account's, else the browser's that asked).
        language: toLocale(user.language) ?? browserLanguage,
        ...(body.headings === 'en' ? { headings: 'en' as const } : {}),
      };
      return deps.taskQueue.enqueue(
        {
          taskType: 'Return Report',
          message1: TASK_TEXT.returnReport(customer.company, body.date_from, body.date_to),
          message2: TASK_TEXT.reportFor(body.email),
          payload,
          customerId: customer.id,
        },
        deps.clock.now(),
      );
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
