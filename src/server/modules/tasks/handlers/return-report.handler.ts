import { REPORT_MAX_ROWS } from '../../../../contract/reports.js';
import type { Mailer } from '../../../integrations/mailer.js';
import type { Db } from '../../../db/client.js';
import { createReportsRepository } from '../../reports/reports.repository.js';
import { buildReportCsv, buildReportXlsx, withReportPhotoLinks } from '../../reports/return-report.files.js';
import type { PhotoLinker } from '../../photos/photo-links.js';
import type { Clock } from '../../../lib/clock.js';
import { handlerFor, PermanentTaskError, type TaskHandler } from '../task-worker.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Builds the return report of one customer and date range (one row per ledger line) as XLSX and CSV
 * and mails both. A mail failure throws, so the worker retries the whole task later.
 */
export function createReturnReportHandler(db: Db, mailer: Mailer, photoLinker: PhotoLinker, clock: Clock): TaskHandler {
  const repo = createReportsRepository(db);
  return handlerFor('Return Report', async (_task, p) => {
    const company = await repo.customerCompany(p.customerId);
    if (!company) throw new PermanentTaskError(`customer ${p.customerId} no longer exists`);
    const lines = withReportPhotoLinks(await repo.lines(p.customerId, p.dateFrom, p.dateTo, REPORT_MAX_ROWS + 1), photoLinker, clock.now());
    const truncated = lines.length > REPORT_MAX_ROWS;
    if (truncated) lines.length = REPORT_MAX_ROWS;
    const title = `${company}: returns ${p.dateFrom} to ${p.dateTo}`;
    const formats = p.formats ?? ['XLSX', 'CSV'];
    const attachments = [];
    if (formats.includes('XLSX')) {
      attachments.push({
        filename: `${p.reportName}.xlsx`,
        content: (await buildReportXlsx(lines, title)).toString('base64'),
        contentType: XLSX_TYPE,
      });
    }
    if (formats.includes('CSV')) {
      attachments.push({
        filename: `${p.reportName}.csv`,
        content: Buffer.from(buildReportCsv(lines), 'utf8').toString('base64'),
        contentType: 'text/csv; charset=utf-8',
      });
    }
    const returns = new Set(lines.map((l) => l.return_id)).size;
    const asWhat = formats.length === 2 ? 'as an Excel workbook and as CSV' : formats[0] === 'XLSX' ? 'as an Excel workbook' : 'as CSV';
    const why = p.scheduleId ? `sent by report schedule #${p.scheduleId} (set up by ${p.requestedBy})` : `requested by ${p.requestedBy}`;
    const sent = await mailer.send({
      to: p.email,
      subject: `Return report ${p.reportName}: ${company} ${p.dateFrom} to ${p.dateTo}`,
      text:
        `Hello,\n\nattached is the return report of ${company} for return dates ${p.dateFrom} to ${p.dateTo}, ` +
        `${why}: ${lines.length} line(s) of ${returns} return(s), ${asWhat}.\n` +
        (truncated
          ? `\nThe range holds more than ${REPORT_MAX_ROWS} lines; only the first ${REPORT_MAX_ROWS} are included. Ask for a shorter range to see the rest.\n`
          : '') +
        `\nReturns Desk\n`,
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
      message2: `${lines.length} line(s) mailed to ${p.email}`,
    };
  });
}
