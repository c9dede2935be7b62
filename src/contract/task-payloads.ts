import { z } from 'zod';
import { LOCALES } from './locales.js';
import { TASK_TYPES, type TaskType } from './constants.js';

/**
 * What each task type carries in `tasks.payload`: one schema per type, parsed when the task is
 * enqueued (a bad payload never reaches the table) and again when a worker runs it (a row edited
 * by hand, or written by an older version, fails as a permanent error instead of half-running).
 */
const dbId = z.number().int().positive().max(2_147_483_647);

/** 'SGL Outbound', 'FGL Outbound', 'Ecommerce Outbound': which return goes out over which connection. */
export const returnTaskPayload = z.object({
  returnId: dbId,
  connectionId: dbId,
  /** Set when the outbound file is built; a retry re-sends the stored file with this id. */
  messageId: z.number().int().positive().optional(),
  /**
   * A correction message: the return's version it carries (2, 3, …). Absent for the submitted
   * return (version 1). docs/integrations.md "Corrections".
   */
  version: z.number().int().min(2).optional(),
  /** A correction's reference: the message id of the return's first message on this connection, set when built. */
  originalMessageId: z.number().int().positive().optional(),
});

/** 'SGL Inbound' scans the inbound folder (`found`: new files queued, set when it ran) … */
export const inboundScanPayload = z.object({ kind: z.literal('scan'), found: z.number().int().min(0).optional() });
/** … or fetches and imports one file of it. */
export const inboundFilePayload = z.object({ kind: z.literal('file'), path: z.string().min(1), name: z.string().min(1) });
export const sglInboundPayload = z.discriminatedUnion('kind', [inboundScanPayload, inboundFilePayload]);

/** 'Mail': the message is sealed (it may hold a reset link); `to` and `subject` stay readable. */
export const mailPayload = z.object({ to: z.string(), subject: z.string(), sealed: z.string().min(1) });

/** 'Return Report': what to build and where to send it; no secrets. */
export const returnReportPayload = z.object({
  reportName: z.string().min(1),
  customerId: dbId,
  dateFrom: z.string(),
  dateTo: z.string(),
  /** One address, or several separated by ', ' (a scheduled report's recipients). */
  email: z.string(),
  requestedBy: z.string(),
  /** Which attachments; both when left out (the report asked for by hand). */
  formats: z
    .array(z.enum(['XLSX', 'CSV']))
    .min(1)
    .optional(),
  /** Set on a run of a report schedule (issue 12). */
  scheduleId: dbId.optional(),
  /** The mail's and the headings' language (issue 24); absent: the requesting user's, else English. */
  language: z.enum(LOCALES).optional(),
  /** 'en' keeps English headings for machines whatever the mail's language. */
  headings: z.enum(LOCALES).optional(),
});

/** 'Webhook Delivery' (issue 26): the next attempt of one event to one endpoint. */
export const webhookDeliveryPayload = z.object({ deliveryId: dbId });

/** 'System Log' and 'SGL REST Create' are log entries: their story is in the messages and details. */
export const logPayload = z.object({});

/** Task types that are log entries only: written 'Log Only', no handler carries them out. */
export const LOG_ENTRY_TASK_TYPES = ['System Log', 'SGL REST Create'] as const satisfies readonly TaskType[];
export type LogEntryTaskType = (typeof LOG_ENTRY_TASK_TYPES)[number];
/** Task types the worker carries out: it refuses to start without a handler for each. */
export type WorkerTaskType = Exclude<TaskType, LogEntryTaskType>;
export const WORKER_TASK_TYPES = TASK_TYPES.filter((t): t is WorkerTaskType => !(LOG_ENTRY_TASK_TYPES as readonly TaskType[]).includes(t));

export const TASK_PAYLOADS = {
  'SGL Inbound': sglInboundPayload,
  'SGL Outbound': returnTaskPayload,
  'FGL Outbound': returnTaskPayload,
  'System Log': logPayload,
  'SGL REST Create': logPayload,
  'Ecommerce Outbound': returnTaskPayload,
  Mail: mailPayload,
  'Return Report': returnReportPayload,
  'Webhook Delivery': webhookDeliveryPayload,
} as const satisfies Record<TaskType, z.ZodType<Record<string, unknown>>>;

export type TaskPayload<T extends TaskType> = z.infer<(typeof TASK_PAYLOADS)[T]>;
export type ReturnTaskPayload = z.infer<typeof returnTaskPayload>;
export type SglInboundPayload = z.infer<typeof sglInboundPayload>;
export type InboundScanPayload = z.infer<typeof inboundScanPayload>;
export type InboundFilePayload = z.infer<typeof inboundFilePayload>;
export type MailPayload = z.infer<typeof mailPayload>;
export type ReturnReportPayload = z.infer<typeof returnReportPayload>;
export type WebhookDeliveryPayload = z.infer<typeof webhookDeliveryPayload>;

/** Parses a payload for its task type; throws a ZodError naming the bad field. */
export function parseTaskPayload<T extends TaskType>(taskType: T, payload: unknown): TaskPayload<T> {
  return TASK_PAYLOADS[taskType].parse(payload) as TaskPayload<T>;
}
