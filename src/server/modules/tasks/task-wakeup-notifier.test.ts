import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client.js';
import { createTaskWakeupNotifier } from './task-wakeup-notifier.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
    await sleep(60);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("pg_notify('rd_tasks', '')");
    wakeup.afterCommit();
    await sleep(60);
    expect(sent).toHaveLength(2);
  });

  it('does not throw when the notice fails (the workers poll)', async () => {
    let tries = 0;
    const db = { execute: async () => Promise.reject(new Error(`connection lost ${++tries}`)) } as unknown as DbOrTx;
    const wakeup = createTaskWakeupNotifier(db, 1);
    wakeup.afterCommit();
    await sleep(20);
    wakeup.afterCommit();
    await sleep(20);
    expect(tries).toBe(2);
  });
});
