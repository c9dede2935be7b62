import { posix } from 'node:path';
import { ORDER_IMPORT_LIMITS } from '../../../../contract/order-import.js';
import { biztalkSettings, errorDir, processedDir, type BiztalkSettings } from '../../../integrations/biztalk-settings.js';
import { readIntegrationSettings } from '../../settings/settings.service.js';
import type { FileTransport } from '../../../integrations/file-transport.js';
import { InboundFileError, parseInboundFile } from '../../../integrations/inbound-envelope.js';
import type { OrderImportService } from '../../orders/order-import.service.js';
import type { ExpectedInboundImport } from '../../expected-returns/expected-inbound.service.js';
import { createInboundRepository } from './inbound-tasks.repository.js';
import type { TaskRow } from '../task-worker.repository.js';
import { handlerFor, type TaskContext, type TaskHandler } from '../task-worker.js';
import { PermanentTaskError, type TaskResult } from '../task-outcome.js';
import type { InboundFilePayload, InboundScanPayload } from '../../../../contract/task-payloads.js';
import type { OutboundFileHandlerDeps } from './outbound-file.handler.js';
import { TASK_TEXT } from '../../../../contract/timeline-texts.js';

const isNotFound = (error: unknown) => {
  const e = error as { code?: unknown };
  return e?.code === 'ENOENT' || e?.code === 550;
};

/** What 'SGL Inbound' uses: the BizTalk transport of the outbound files, the order import and the pre-advice import. */
export type SglInboundHandlerDeps = Omit<OutboundFileHandlerDeps, 'photoLinker'> & {
  importer: Pick<OrderImportService, 'importOrders'>;
  expected: ExpectedInboundImport;
};

/**
 * 'SGL Inbound' has two kinds of task (its payload schema's `kind`):
 * - scan: lists BIZTALK_INBOUND_DIR and queues one file task per new file (status Before Downloading);
 * - file: fetches the file (kept on the task), finds the customer by the envelope's sender/receiver,
 *   imports its orders through the order import service (or its expected returns through the
 *   pre-advice service), and moves the remote file to
 *   <inbound>/processed, or to <inbound>/error when the file is bad (the task then shows the reason).
 */
export function createSglInboundHandler(deps: SglInboundHandlerDeps): TaskHandler {
  const { db, transports, importer, expected } = deps;

  async function withTransport<T>(work: (t: FileTransport, s: BiztalkSettings) => Promise<T>) {
    const settings = await biztalkSettings(await readIntegrationSettings(db, deps.secretBox), deps.dataDir);
    const transport = await transports(settings.target);
    try {
      return await work(transport, settings);
    } finally {
      await transport.close();
    }
  }

  async function scan(payload: InboundScanPayload, ctx: TaskContext): Promise<TaskResult> {
    const repo = createInboundRepository(db);
    const { listed, queued, dir } = await withTransport(async (transport, settings) => {
      const files = await transport.list(settings.inboundDir);
      const open = await repo.openFilePaths();
      const queued: string[] = [];
      for (const f of files) {
        const path = posix.join(settings.inboundDir, f.name);
        if (open.has(path)) continue;
        await repo.queueFile(path, f.name, deps.clock.now());
        queued.push(f.name);
      }
      return { listed: files.length, queued, dir: settings.inboundDir };
    });
    await ctx.progress({ payload: { ...payload, found: queued.length } satisfies InboundScanPayload });
    return {
      status: 'Log Only',
      message2: queued.length ? TASK_TEXT.newFiles(queued.length) : TASK_TEXT.noNewFiles,
      details: { dir, listed, queued: queued.slice(0, 100) },
    };
  }

  async function importFile(task: TaskRow, { path, name }: InboundFilePayload, ctx: TaskContext): Promise<TaskResult> {
    return withTransport(async (transport, settings) => {
      let content = task.fileContent;
      if (content === null) {
        let bytes: Buffer;
        try {
          bytes = await transport.download(path);
        } catch (error) {
          // Taken by an earlier task (or removed by hand) between the scan and now.
          if (isNotFound(error)) return { status: 'Log Only', message2: TASK_TEXT.fileGone, details: { path } };
          throw error;
        }
        content = bytes.toString('utf8');
        if (content.length > ORDER_IMPORT_LIMITS.maxUploadChars) content = content.slice(0, ORDER_IMPORT_LIMITS.maxUploadChars);
        // Fetched: the file is on the task (downloadable) and the status leaves 'Before Downloading'.
        await ctx.progress({
          status: 'Pending',
          fileName: name,
          fileContent: content,
          entry: { at: deps.clock.now().toISOString(), event: 'file fetched', path, bytes: bytes.length },
        });
      }

      const reject = async (reason: string, details: Record<string, unknown> = {}): Promise<never> => {
        const movedTo = await transport.move(path, errorDir(settings.inboundDir)).catch(() => null);
        throw new PermanentTaskError(reason, { movedTo, ...details });
      };

      let parsed: ReturnType<typeof parseInboundFile>;
      try {
        parsed = parseInboundFile(content);
      } catch (error) {
        if (error instanceof InboundFileError) return reject(error.message);
        throw error;
      }
      const { sender, receiver } = parsed.envelope;
      const matches = await createInboundRepository(db).customersFor(sender, receiver);
      if (matches.length !== 1) {
        return reject(
          matches.length
            ? `Sender ${sender} / receiver ${receiver} match ${matches.length} customers' Biztalk Inbound Order connections`
            : `No customer has a Biztalk Inbound Order connection with sender ${sender} and receiver ${receiver}`,
        );
      }
      const customer = matches[0]!;
      await ctx.progress({ customerId: customer.id });

      if (parsed.kind === 'expected_returns') {
        const result = await expected.importInbound(customer.id, parsed.expectedReturns, name);
        if (result.errors.length) return reject(TASK_TEXT.badRows(result.errors.length), { errors: result.errors.slice(0, 50) });
        const movedTo = await transport.move(path, processedDir(settings.inboundDir));
        return {
          message2: TASK_TEXT.expectedImported(result.created, result.unchanged, customer.company),
          details: {
            customerId: customer.id,
            sender,
            receiver,
            messageId: parsed.envelope.message_id,
            expected_created: result.created,
            expected_unchanged: result.unchanged,
            movedTo,
          },
        };
      }

      const result = await importer.importOrders(customer.id, parsed.orders);
      const { errors, ...counts } = result.summary;
      if (errors.length) {
        // A row that could not be saved is a database problem: retry (imports are idempotent).
        if (errors.some((e) => e.message.includes('could not be saved'))) {
          throw new Error(`${errors.length} order(s) could not be saved: ${errors[0]!.message}`);
        }
        return reject(TASK_TEXT.badRows(errors.length), { errors: errors.slice(0, 50) });
      }
      const movedTo = await transport.move(path, processedDir(settings.inboundDir));
      return {
        message2: TASK_TEXT.ordersImported(counts.orders_created, counts.orders_unchanged, customer.company),
        details: { customerId: customer.id, sender, receiver, messageId: parsed.envelope.message_id, ...counts, movedTo },
      };
    });
  }

  return handlerFor('SGL Inbound', async (task, payload, _signal, ctx) =>
    payload.kind === 'scan' ? scan(payload, ctx) : importFile(task, payload, ctx),
  );
}
