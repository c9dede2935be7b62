import { describe, expect, it } from 'vitest';
import { isTaskQueued } from './task-rules.js';
import { taskListQuery, taskUpdateBody } from './tasks.js';

describe('isTaskQueued (SPEC §2.10 Queued notice)', () => {
  it('is true only for a Pending task with attempts under 3 that is not running', () => {
    expect(isTaskQueued({ attempts_count: 0, task_status: 'Pending', is_running: false })).toBe(true);
    expect(isTaskQueued({ attempts_count: 2, task_status: 'Pending', is_running: false })).toBe(true);
    expect(isTaskQueued({ attempts_count: 3, task_status: 'Pending', is_running: false })).toBe(false);
    expect(isTaskQueued({ attempts_count: 1, task_status: 'Pending', is_running: true })).toBe(false);
    expect(isTaskQueued({ attempts_count: 1, task_status: 'Error', is_running: false })).toBe(false);
  });
});

describe('task contract', () => {
  it('treats All and empty filters as none and defaults to page 1', () => {
    expect(taskListQuery.parse({ task_status: 'All', task_type: '', message_1: '' })).toEqual({
      page: 1,
      message_1: undefined,
      task_status: undefined,
      task_type: undefined,
    });
  });
  it('keeps attempts within 1–4 and turns a blank message 2 into null', () => {
    expect(
      taskUpdateBody.safeParse({ is_running: false, task_status: 'Pending', attempts_count: 4, message_2: '' }).data?.message_2,
    ).toBeNull();
    expect(taskUpdateBody.safeParse({ is_running: false, task_status: 'Pending', attempts_count: 5 }).success).toBe(false);
  });
});
