// A task's log (SPEC §2.10 'Task Logs', a JSON tree) in the reader's language (issue 24). The server
// stores each entry in English, language-neutral keys and event names that programs read, so the SPA
// names the keys, the events and the few fixed sentences of the worker here; file names, paths, ids
// and an error's own text (the partner's or the network's) are shown as stored. A key or value this
// table does not know is shown as stored too.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { TASK_TYPES, type TaskType } from '../../../contract/constants';

const KEYS: Record<string, MessageDescriptor> = {
  at: msg({ message: 'at', context: 'task log' }),
  event: msg({ message: 'event', context: 'task log' }),
  worker: msg({ message: 'worker', context: 'task log' }),
  attempt: msg({ message: 'attempt', context: 'task log' }),
  error: msg({ message: 'error', context: 'task log' }),
  retry: msg({ message: 'retry', context: 'task log' }),
  by: msg({ message: 'by', context: 'task log' }),
  changes: msg({ message: 'changes', context: 'task log' }),
  format: msg({ message: 'format', context: 'task log' }),
  fileName: msg({ message: 'file name', context: 'task log' }),
  messageId: msg({ message: 'message id', context: 'task log' }),
  uploadedTo: msg({ message: 'uploaded to', context: 'task log' }),
  via: msg({ message: 'via', context: 'task log' }),
  path: msg({ message: 'path', context: 'task log' }),
  bytes: msg({ message: 'bytes', context: 'task log' }),
  dir: msg({ message: 'folder', context: 'task log' }),
  listed: msg({ message: 'listed', context: 'task log' }),
  queued: msg({ message: 'queued', context: 'task log' }),
  movedTo: msg({ message: 'moved to', context: 'task log' }),
  to: msg({ message: 'to', context: 'task log' }),
  subject: msg({ message: 'subject', context: 'task log' }),
  source: msg({ message: 'source', context: 'task log' }),
  source_id: msg({ message: 'source id', context: 'task log' }),
  customerId: msg({ message: 'customer id', context: 'task log' }),
  sender: msg({ message: 'sender', context: 'task log' }),
  receiver: msg({ message: 'receiver', context: 'task log' }),
  httpStatus: msg({ message: 'HTTP status', context: 'task log' }),
  skipped: msg({ message: 'skipped', context: 'task log' }),
  held: msg({ message: 'held', context: 'task log' }),
  lines: msg({ message: 'lines', context: 'task log' }),
  returns: msg({ message: 'returns', context: 'task log' }),
  truncated: msg({ message: 'truncated', context: 'task log' }),
};

const EVENTS: Record<string, MessageDescriptor> = {
  created: msg({ message: 'created', context: 'task log' }),
  claimed: msg({ message: 'claimed', context: 'task log' }),
  released: msg({ message: 'released', context: 'task log' }),
  'lease expired': msg({ message: 'lease expired', context: 'task log' }),
  'file built': msg({ message: 'file built', context: 'task log' }),
  'file fetched': msg({ message: 'file fetched', context: 'task log' }),
  'admin update': msg({ message: 'admin update', context: 'task log' }),
  succeeded: msg({ message: 'succeeded', context: 'task log' }),
  failed: msg({ message: 'failed', context: 'task log' }),
  imported: msg({ message: 'imported', context: 'task log' }),
};

/** The worker's fixed sentences (webhook-delivery.handler.ts, task-worker.repository.ts), with their one value. */
const SENTENCES: { pattern: RegExp; text: (i18n: I18n, value: string) => string }[] = [
  {
    pattern: /^the delivery is gone \(its endpoint was deleted\)$/,
    text: (i18n) => i18n._(msg`the delivery is gone (its endpoint was deleted)`),
  },
  { pattern: /^the delivery is (\w+) already$/, text: (i18n, status) => i18n._(msg`the delivery is ${status} already`) },
  {
    pattern: /^the endpoint is (\w+); sent when it is resumed$/,
    text: (i18n, status) => i18n._(msg`the endpoint is ${status}; sent when it is resumed`),
  },
  { pattern: /^worker lost; no attempts left$/, text: (i18n) => i18n._(msg`worker lost; no attempts left`) },
];

const TYPES: Record<TaskType, MessageDescriptor> = {
  'SGL Inbound': msg({ message: 'SGL Inbound', context: 'task type' }),
  'SGL Outbound': msg({ message: 'SGL Outbound', context: 'task type' }),
  'FGL Outbound': msg({ message: 'FGL Outbound', context: 'task type' }),
  'System Log': msg({ message: 'System Log', context: 'task type' }),
  'SGL REST Create': msg({ message: 'SGL REST Create', context: 'task type' }),
  'Ecommerce Outbound': msg({ message: 'Ecommerce Outbound', context: 'task type' }),
  Mail: msg({ message: 'Mail', context: 'task type' }),
  'Return Report': msg({ message: 'Return Report', context: 'task type' }),
  'Webhook Delivery': msg({ message: 'Webhook Delivery', context: 'task type' }),
};

/** A task type (a code the API keeps English) as people read it. */
export function taskTypeLabel(i18n: I18n, type: string): string {
  return TASK_TYPES.includes(type as TaskType) ? i18n._(TYPES[type as TaskType]) : type;
}

/** A log key's name. */
export function logKeyLabel(i18n: I18n, key: string): string {
  const known = KEYS[key];
  return known ? i18n._(known) : key;
}

/** A log value: an event's name, a fixed sentence, a true/false; any other value as stored. */
export function logValueLabel(i18n: I18n, key: string | null, value: unknown): unknown {
  // English keeps the JSON words; the other languages say yes and no.
  if (typeof value === 'boolean')
    return i18n._(value ? msg({ message: 'true', context: 'task log' }) : msg({ message: 'false', context: 'task log' }));
  if (typeof value !== 'string') return value;
  if (key === 'event') return EVENTS[value] ? i18n._(EVENTS[value]) : value;
  for (const s of SENTENCES) {
    const m = s.pattern.exec(value);
    if (m) return s.text(i18n, m[1] ?? '');
  }
  return value;
}
