import { describe, expect, it } from 'vitest';
import { TASK_TYPES } from './constants.js';
import { parseTaskPayload, TASK_PAYLOADS } from './task-payloads.js';

describe('task payload schemas', () => {
  it('has one schema for every task type', () => {
    expect(Object.keys(TASK_PAYLOADS).sort()).toEqual([...TASK_TYPES].sort());
  });

  it('accepts what the app enqueues and what a worker writes back', () => {
    expect(parseTaskPayload('SGL Outbound', { returnId: 7, connectionId: 3 })).toEqual({ returnId: 7, connectionId: 3 });
    expect(parseTaskPayload('FGL Outbound', { returnId: 7, connectionId: 3, messageId: 12 })).toEqual({
      returnId: 7,
      connectionId: 3,
      messageId: 12,
    });
    expect(parseTaskPayload('SGL Inbound', { kind: 'scan', found: 0 })).toEqual({ kind: 'scan', found: 0 });
    expect(parseTaskPayload('SGL Inbound', { kind: 'file', path: '/inbound/a.xml', name: 'a.xml' })).toMatchObject({ kind: 'file' });
    expect(parseTaskPayload('Mail', { to: 'a@example.com', subject: 'Hi', sealed: 'v1:x:y:z' })).toMatchObject({ to: 'a@example.com' });
    const report = {
      reportName: 'r1',
      customerId: 4,
      dateFrom: '2026-01-01',
      dateTo: '2026-01-31',
      email: 'a@example.com',
      requestedBy: 'op',
    };
    expect(parseTaskPayload('Return Report', report)).toEqual(report);
    expect(parseTaskPayload('System Log', {})).toEqual({});
  });

  it('refuses payloads that do not fit their type', () => {
    for (const [type, payload] of [
      ['SGL Outbound', {}],
      ['SGL Outbound', { returnId: '7', connectionId: 3 }],
      ['Ecommerce Outbound', { returnId: 7 }],
      ['FGL Outbound', { returnId: 7, connectionId: 0 }],
      ['SGL Inbound', { kind: 'file', path: '', name: 'a.xml' }],
      ['SGL Inbound', { kind: 'rescan' }],
      ['Mail', { to: 'a@example.com', subject: 'Hi' }],
      ['Return Report', { reportName: 'r1', customerId: 4 }],
    ] as const) {
      expect(() => parseTaskPayload(type, payload), `${type} ${JSON.stringify(payload)}`).toThrow();
    }
  });
});
