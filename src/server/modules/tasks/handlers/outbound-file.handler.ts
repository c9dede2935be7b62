import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import type { SecretBox } from '../../../lib/crypto.js';
import { biztalkSettings } from '../../../integrations/biztalk-settings.js';
import { readIntegrationSettings } from '../../settings/settings.service.js';
import type { TransportFactory } from '../../../integrations/file-transport.js';
import type { PhotoLinker } from '../../photos/photo-links.js';
import { buildReturnFlat } from '../../../integrations/flat-return-file.format.js';
import { buildReturnXml, returnFileName, type ReturnFileFormat } from '../../../integrations/return-file.format.js';
import { createSettingsRepository } from '../../settings/settings.repository.js';
import {
  createOutboundDataRepository,
  type ConnectionRow,
  type OutboundDataRepository,
  type ReturnFileData,
} from './outbound-return-data.repository.js';
import { createTaskWorkerRepository, type OutboundFileToStore } from '../task-worker.repository.js';
import { withPhotoLinks } from './outbound-photo-links.js';
import { payloadOf, type BatchItem, type TaskHandler } from '../task-worker.js';
import { PermanentTaskError, TaskLostError, type TaskResult } from '../task-outcome.js';
import type { ReturnTaskPayload } from '../../../../contract/task-payloads.js';
import { formatVersionOf } from '../../../../contract/format-version.js';
import { TASK_TEXT } from '../../../../contract/timeline-texts.js';

/** What the outbound file handlers use: the database, the BizTalk transport and the photo links. */
export interface OutboundFileHandlerDeps {
  db: Db;
  clock: Clock;
  /** Opens the sealed BizTalk FTP password. */
  secretBox: SecretBox;
  /** DATA_DIR: the embedded folder transport (no FTP URL set) writes under it. */
  dataDir: string;
  transports: TransportFactory;
  photoLinker: PhotoLinker;
}

/**
 * The message a correction references: the first message of the return on this connection. A
 * correction never goes out before it (a receiver could not place it): while that file is not built
 * the attempt fails and is retried like any other.
 */
async function correctedMessageId(data: OutboundDataRepository, returnId: number, connectionId: number): Promise<number> {
  const original = await data.originalMessage(returnId, connectionId);
  if (!original) throw new PermanentTaskError(`Return ${returnId} was never sent over connection ${connectionId}`);
  if (original.messageId === undefined) {
    throw new Error(`The return's first message on this connection (task #${original.taskId}) is not built yet; the correction follows it`);
  }
  return original.messageId;
}

/** A task of the batch with its parsed payload. */
interface Item extends BatchItem {
  index: number;
  payload: ReturnTaskPayload;
}

/** A file ready to upload: stored on its task, or stored by an earlier attempt. */
interface BuiltFile {
  fileName: string;
  content: string;
  messageId: number;
  originalMessageId: number | undefined;
}

/** Everything a file is built from, once its id is drawn. */
interface FileToBuild {
  item: Item;
  connection: ConnectionRow;
  ret: ReturnFileData;
  reference: number | undefined;
}

/**
 * 'SGL Outbound' (XML) and 'FGL Outbound' (flat file). The first attempt draws a message id from the
 * sequence, builds the file and stores it on the task with returns.message_id in one statement that
 * checks the claim; only then is the file uploaded, so a crash before the store leaves nothing and
 * one after it uploads the stored file (same name, same id) on the retry. Every later attempt
 * uploads that stored file. The batch form does the same for many tasks: one read of all their
 * data, one draw of their ids, one statement storing their files, one upload session.
 */
export function createOutboundFileHandler(deps: OutboundFileHandlerDeps, format: ReturnFileFormat): TaskHandler {
  const { db, transports, photoLinker } = deps;
  const taskType = format === 'FLAT' ? 'FGL Outbound' : 'SGL Outbound';

  function build({ item, connection, ret, reference }: FileToBuild, id: number, now: Date) {
    const header = {
      sender: connection.biztalkSender ?? 'SGL',
      receiver: connection.biztalkReceiver ?? ret.customer.company,
      schema: connection.biztalkSchema || 'Default',
      messageId: id,
      createdAt: now,
    };
    const version = formatVersionOf(connection.connectionMeta);
    const input = {
      ...withPhotoLinks(ret, photoLinker),
      correction: ret.correction && reference ? { ...ret.correction, originalMessageId: reference } : undefined,
    };
    const fileName = returnFileName(ret.ret.id, id, format);
    const content = format === 'FLAT' ? buildReturnFlat(input, header, version) : buildReturnXml(input, header, version);
    const { payload } = item;
    const stored: OutboundFileToStore = {
      taskId: item.task.id,
      claim: item.ctx.claim,
      fileName,
      fileContent: content,
      payload: { ...payload, messageId: id, ...(reference && { originalMessageId: reference }) } satisfies ReturnTaskPayload,
      entry: {
        at: now.toISOString(),
        event: 'file built',
        fileName,
        messageId: id,
        format,
        formatVersion: version,
        ...(payload.version && { version: payload.version, originalMessageId: reference }),
      },
      returnId: ret.ret.id,
      messageId: id,
    };
    return { stored, file: { fileName, content, messageId: id, originalMessageId: reference } satisfies BuiltFile };
  }

  /** What one task's file is built from (the single read path: a correction, or a return corrected since). */
  async function readOne(data: OutboundDataRepository, item: Item, connection?: ConnectionRow): Promise<FileToBuild> {
    const { payload } = item;
    connection ??= await data.connection(payload.connectionId);
    if (!connection) throw new PermanentTaskError(`Connection ${payload.connectionId} no longer exists`);
    const ret = await data.returnFile(payload.returnId, payload.version);
    if (!ret) throw new PermanentTaskError(`Return ${payload.returnId}${payload.version ? ` version ${payload.version}` : ''} not found`);
    const reference = payload.version ? await correctedMessageId(data, payload.returnId, payload.connectionId) : undefined;
    return { item, connection, ret, reference };
  }

  /**
   * Builds the files of tasks that have none yet: the submitted returns of all of them in one read,
   * their ids in one draw, their files stored in one statement. Answers each task's file or error.
   */
  async function buildAll(items: Item[]): Promise<Map<Item, BuiltFile | Error>> {
    const out = new Map<Item, BuiltFile | Error>();
    if (!items.length) return out;
    const data = createOutboundDataRepository(db);
    const toBuild: FileToBuild[] = [];
    try {
      const first = items.filter((i) => !i.payload.version);
      const [connections, submitted] = await Promise.all([
        data.connections(first.map((i) => i.payload.connectionId)),
        data.submittedReturnFiles(first.map((i) => i.payload.returnId)),
      ]);
      for (const item of items) {
        const connection = connections.get(item.payload.connectionId);
        const ret = item.payload.version ? undefined : submitted.get(item.payload.returnId);
        try {
          toBuild.push(connection && ret ? { item, connection, ret, reference: undefined } : await readOne(data, item, connection));
        } catch (error) {
          out.set(item, error as Error);
        }
      }
      if (!toBuild.length) return out;
      const ids = await createSettingsRepository(db).drawMessageIds(toBuild.length);
      const now = deps.clock.now();
      const built = toBuild.map((b, i) => ({ item: b.item, ...build(b, ids[i]!, now) }));
      const held = await createTaskWorkerRepository(db).storeOutboundFiles(
        now,
        built.map((b) => b.stored),
      );
      // A task taken away meanwhile stores nothing: its id is skipped, never used by another file.
      for (const b of built) out.set(b.item, held.has(b.item.task.id) ? b.file : new TaskLostError());
    } catch (error) {
      for (const item of items) if (!out.has(item)) out.set(item, error as Error);
    }
    return out;
  }

  async function run(batch: BatchItem[]): Promise<PromiseSettledResult<TaskResult | void>[]> {
    const settled: PromiseSettledResult<TaskResult | void>[] = [];
    const fail = (i: number, reason: unknown) => (settled[i] = { status: 'rejected', reason });
    const items: Item[] = [];
    batch.forEach((b, index) => {
      try {
        items.push({ ...b, index, payload: payloadOf(taskType, b.task) });
      } catch (error) {
        fail(index, error);
      }
    });

    const files = new Map<Item, BuiltFile>();
    const unbuilt: Item[] = [];
    for (const item of items) {
      const { task, payload } = item;
      if (task.fileName && task.fileContent && payload.messageId !== undefined) {
        files.set(item, {
          fileName: task.fileName,
          content: task.fileContent,
          messageId: payload.messageId,
          originalMessageId: payload.originalMessageId,
        });
      } else unbuilt.push(item);
    }
    // First messages before corrections: a correction references its return's first message, which
    // may be built in this very batch (and goes out before it).
    for (const phase of [unbuilt.filter((i) => !i.payload.version), unbuilt.filter((i) => i.payload.version)]) {
      for (const [item, built] of await buildAll(phase)) {
        if (built instanceof Error) fail(item.index, built);
        else files.set(item, built);
      }
    }
    if (!files.size) return settled;

    // One settings read and one transport (one FTP session) for the batch; each upload fails alone.
    try {
      const settings = await biztalkSettings(await readIntegrationSettings(db, deps.secretBox), deps.dataDir);
      const via = new URL(settings.target.url).protocol.replace(':', '');
      const transport = await transports(settings.target);
      try {
        for (const [item, { fileName, content, messageId, originalMessageId }] of files) {
          try {
            item.ctx.signal.throwIfAborted();
            const customerId = item.task.customerId;
            const h2o = customerId !== null && customerId === settings.h2oCustomerId;
            const path = await transport.upload(h2o ? settings.h2oUploadDir : settings.outboundDir, fileName, content);
            const version = item.payload.version;
            settled[item.index] = {
              status: 'fulfilled',
              value: {
                message2: version
                  ? TASK_TEXT.fileCorrection(messageId, fileName, String(originalMessageId))
                  : TASK_TEXT.file(messageId, fileName),
                details: { fileName, messageId, uploadedTo: path, via, h2o },
              },
            };
          } catch (error) {
            fail(item.index, error);
          }
        }
      } finally {
        await transport.close();
      }
    } catch (error) {
      for (const item of files.keys()) if (!settled[item.index]) fail(item.index, error);
    }
    return settled;
  }

  const handler: TaskHandler = async (task, _signal, ctx) => {
    const [outcome] = await run([{ task, ctx }]);
    if (outcome!.status === 'rejected') throw outcome!.reason;
    return outcome!.value;
  };
  handler.batch = (items) => run(items);
  return handler;
}
