import type { AppDeps } from '../../deps.js';
import { biztalkSettings } from '../../integrations/biztalk-settings.js';
import { readIntegrationSettings } from '../../modules/settings/settings.service.js';
import { createTransportFactory } from '../../integrations/file-transport.js';
import { buildReturnFlat, buildReturnXml, returnFileName, type ReturnFileFormat } from '../../integrations/return-file.format.js';
import { createSettingsRepository } from '../../modules/settings/settings.repository.js';
import { createOutboundDataRepository, type OutboundDataRepository } from '../outbound-data.repository.js';
import { createTaskRunnerRepository } from '../task-runner.repository.js';
import { photoLinkerOf, withPhotoLinks } from '../outbound-photos.js';
import { handlerFor, PermanentTaskError, TaskLostError, type TaskHandler } from '../worker.js';
import type { ReturnTaskPayload } from '../../../contract/task-payloads.js';
import { formatVersionOf } from '../../../contract/format-version.js';

/** The FTP transport gets a longer time limit than partner HTTP calls: files can be large. */
export const transportsOf = (deps: AppDeps) =>
  deps.fileTransports ?? createTransportFactory({ timeoutMs: Math.max(15_000, deps.config.PARTNER_TIMEOUT_MS) });

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

/**
 * 'SGL Outbound' (XML) and 'FGL Outbound' (flat file). The first attempt draws a message id from the
 * sequence, builds the file and stores it on the task with returns.message_id in one statement that
 * checks the claim. Every later attempt uploads that stored file under the same name and id.
 */
export function createOutboundFileHandler(deps: AppDeps, format: ReturnFileFormat): TaskHandler {
  const { db } = deps.database;
  const transports = transportsOf(deps);
  const photoLinker = photoLinkerOf(deps);
  return handlerFor(format === 'FLAT' ? 'FGL Outbound' : 'SGL Outbound', async (task, payload, signal, ctx) => {
    let fileName = task.fileName;
    let content = task.fileContent;
    let messageId = payload.messageId;
    let originalMessageId = payload.originalMessageId;

    if (!fileName || !content || messageId === undefined) {
      // Reads, one id from the sequence, then one statement that stores the file only while the task
      // is still held: no transaction is open while the file is built.
      const data = createOutboundDataRepository(db);
      const connection = await data.connection(payload.connectionId);
      if (!connection) throw new PermanentTaskError(`Connection ${payload.connectionId} no longer exists`);
      const ret = await data.returnFile(payload.returnId, payload.version);
      if (!ret) throw new PermanentTaskError(`Return ${payload.returnId}${payload.version ? ` version ${payload.version}` : ''} not found`);
      const reference = payload.version ? await correctedMessageId(data, payload.returnId, payload.connectionId) : undefined;
      const [id] = await createSettingsRepository(db).drawMessageIds(1);
      const now = deps.clock.now();
      const header = {
        sender: connection.biztalkSender ?? 'SGL',
        receiver: connection.biztalkReceiver ?? ret.customer.company,
        schema: connection.biztalkSchema || 'Default',
        messageId: id!,
        createdAt: now,
      };
      const version = formatVersionOf(connection.connectionMeta);
      const input = {
        ...withPhotoLinks(ret, photoLinker),
        correction: ret.correction && reference ? { ...ret.correction, originalMessageId: reference } : undefined,
      };
      const file = {
        name: returnFileName(ret.ret.id, id!, format),
        content: format === 'FLAT' ? buildReturnFlat(input, header, version) : buildReturnXml(input, header, version),
      };
      const held = await createTaskRunnerRepository(db).storeOutboundFile(
        task.id,
        ctx.claim,
        now,
        {
          fileName: file.name,
          fileContent: file.content,
          payload: { ...payload, messageId: id!, ...(reference && { originalMessageId: reference }) } satisfies ReturnTaskPayload,
          entry: {
            at: now.toISOString(),
            event: 'file built',
            fileName: file.name,
            messageId: id!,
            format,
            formatVersion: version,
            ...(payload.version && { version: payload.version, originalMessageId: reference }),
          },
        },
        { returnId: ret.ret.id, messageId: String(id) },
      );
      if (!held) throw new TaskLostError(); // the id drawn is skipped, never used by another file
      fileName = file.name;
      content = file.content;
      messageId = id!;
      originalMessageId = reference;
    }

    signal.throwIfAborted();
    const settings = await biztalkSettings(await readIntegrationSettings(db, deps.secretBox), deps.config.dataDir);
    const customerId = task.customerId;
    const h2o = customerId !== null && customerId === settings.h2oCustomerId;
    const dir = h2o ? settings.h2oUploadDir : settings.outboundDir;
    const transport = await transports(settings.target);
    let path: string;
    try {
      path = await transport.upload(dir, fileName, content);
    } finally {
      await transport.close();
    }
    return {
      message2: `Msg #${messageId} ${fileName}${payload.version ? ` (correction of Msg #${originalMessageId})` : ''}`,
      details: { fileName, messageId, uploadedTo: path, via: new URL(settings.target.url).protocol.replace(':', ''), h2o },
    };
  });
}
