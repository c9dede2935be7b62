import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DbOrTx } from '../../db/client.js';
import { createTaskWakeupNotifier } from './task-wakeup-notifier.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('task wake-up after commit', () => {
  it('sends one NOTIFY rd_tasks for all the commits of one window, and again in the next window', async () => {
    const sent: string[] = [];
    const db = {
      execute: async (query: { queryChunks: unknown[] }) => {
        sent.push(JSON.stringify(query.queryChunks));
        return { rows: [] };
      },
    } as unknown as DbOrTx;
    const wakeup = createTaskWakeupNotifier(db, 20);
    for (let i = 0; i < 50; i++) wakeup.afterCommit();
    expect(sent).toHaveLength(0); // never inside the caller's statement or transaction
    await vi.advanceTimersByTimeAsync(19);
    expect(sent).toHaveLength(0); // not before the window ends
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("pg_notify('rd_tasks', '')");
    await vi.advanceTimersByTimeAsync(60);
    expect(sent).toHaveLength(1);
    wakeup.afterCommit();
    await vi.advanceTimersByTimeAsync(20);
    expect(sent).toHaveLength(2);
  });

  it('does not throw when the notice fails (the workers poll)', async () => {
    let tries = 0;
    const db = { execute: async () => Promise.reject(new Error(`connection lost ${++tries}`)) } as unknown as DbOrTx;
    const wakeup = createTaskWakeupNotifier(db, 1);
    wakeup.afterCommit();
    await vi.advanceTimersByTimeAsync(1);
    wakeup.afterCommit();
    await vi.advanceTimersByTimeAsync(1);
    expect(tries).toBe(2);
  });
});
