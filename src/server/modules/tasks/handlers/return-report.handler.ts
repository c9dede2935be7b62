import { REPORT_MAX_ROWS } from '../../../../contract/reports.js';
import type { Mailer } from '../../../integrations/mailer.js';
import type { Db } from '../../../db/client.js';
import { createReportsRepository } from '../../reports/reports.repository.js';
import { buildReportCsv, buildReportXlsx, withReportPhotoLinks } from '../../reports/return-report.files.js';
import type { PhotoLinker } from '../../photos/photo-links.js';
import type { Clock } from '../../../lib/clock.js';
import { handlerFor, type TaskHandler } from '../task-worker.js';
import { PermanentTaskError } from '../task-outcome.js';
import { toLocale } from '../../../../contract/locales.js';
import { MAIL_TEXTS } from '../../../i18n/mail-texts.js';
import { REPORT_FILE_TEXTS } from '../../../i18n/report-headings.js';
import { TASK_TEXT } from '../../../../contract/timeline-texts.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Builds the return report of one customer and date range (one row per ledger line) as XLSX and CSV
 * and mails both. A mail failure throws, so the worker retries the whole task later. It reads where
 * History reads (`readDb`: the replica when it has replayed what the primary had when the run began,
 * db/read-routing.ts), so a long report never loads the primary (issue 29).
 */
export function createReturnReportHandler(readDb: () => Promise<Db>, mailer: Mailer, photoLinker: PhotoLinker, clock: Clock): TaskHandler {
  return handlerFor('Return Report', async (_task, p) => {
    const repo = createReportsRepository(await readDb());
    const company = await repo.customerCompany(p.customerId);
    if (!company) throw new PermanentTaskError(`customer ${p.customerId} no longer exists`);
    const lines = withReportPhotoLinks(await repo.lines(p.customerId, p.dateFrom, p.dateTo, REPORT_MAX_ROWS + 1), photoLinker, clock.now());
    const truncated = lines.length > REPORT_MAX_ROWS;
    if (truncated) lines.length = REPORT_MAX_ROWS;
    // The requester's language (a schedule's: the admin who set it up), else English.
    const language = p.language ?? toLocale(await repo.userLanguage(p.requestedBy)) ?? 'en';
    const headings = p.headings ?? language;
    const texts = MAIL_TEXTS[language].report;
    const title = REPORT_FILE_TEXTS[headings].title(company, p.dateFrom, p.dateTo);
    const formats = p.formats ?? ['XLSX', 'CSV'];
    const attachments = [];
    if (formats.includes('XLSX')) {
      attachments.push({
        filename: `${p.reportName}.xlsx`,
        content: (await buildReportXlsx(lines, title, headings)).toString('base64'),
        contentType: XLSX_TYPE,
      });
    }
    if (formats.includes('CSV')) {
      attachments.push({
        filename: `${p.reportName}.csv`,
        content: Buffer.from(buildReportCsv(lines, headings), 'utf8').toString('base64'),
        contentType: 'text/csv; charset=utf-8',
      });
    }
    const returns = new Set(lines.map((l) => l.return_id)).size;
    const sent = await mailer.send({
      to: p.email,
      subject: texts.subject({ reportName: p.reportName, company, from: p.dateFrom, to: p.dateTo }),
      text: texts.text({
        company,
        from: p.dateFrom,
        to: p.dateTo,
        scheduleId: p.scheduleId,
        requestedBy: p.requestedBy,
        lines: lines.length,
        returns,
        formats,
        truncatedAt: truncated ? REPORT_MAX_ROWS : undefined,
      }),
      attachments,
    });
    return {
      details: {
        to: p.email,
        lines: lines.length,
        returns,
        truncated,
        attachments: attachments.map((a) => a.filename),
        messageId: sent.id,
      },
      message2: TASK_TEXT.reportMailed(lines.length, p.email),
    };
  });
}
