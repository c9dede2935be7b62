import type { AppDeps } from '../../deps.js';
import type { TaskHandlers } from '../worker.js';
import { createMailHandler } from './mail.handler.js';

/** One entry per task type the worker can carry out. */
export function createTaskHandlers(deps: AppDeps): TaskHandlers {
  return {
    Mail: createMailHandler(deps.mailer, deps.secretBox),
  };
}
