import { WORKER_TASK_TYPES } from '../../contract/task-payloads.js';
import { type TaskHandler, type TaskHandlers } from '../modules/tasks/task-worker.js';
import { PermanentTaskError } from '../modules/tasks/task-outcome.js';

/** Fails a task of a type the test did not mean to run, loudly, in the task's log. */
const unexpected: TaskHandler = async (task) => {
  throw new PermanentTaskError(`This test runs no ${task.taskType} task`);
};

/**
 * A full handler table for tests of the worker itself: the handlers given, and for every other type
 * the worker carries out one that fails the task (a worker refuses to start with a gap in its table).
 */
export function onlyHandlers(handlers: Partial<TaskHandlers>): TaskHandlers {
  return { ...(Object.fromEntries(WORKER_TASK_TYPES.map((t) => [t, unexpected])) as TaskHandlers), ...handlers };
}
