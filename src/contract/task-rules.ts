// Zod-free task rules shared by the server and the SPA (the SPA imports this without pulling zod in).
import { LIMITS } from './constants.js';

export const ATTEMPTS_RANGE_MESSAGE = `Attempts must be between ${LIMITS.minAttempts} and ${LIMITS.maxAttempts}`;

/** SPEC §2.10: the form gives way to a 'Queued' notice while the monitor will retry the task. */
export const isTaskQueued = (t: { attempts_count: number; task_status: string; is_running: boolean }) =>
  t.attempts_count < LIMITS.autoRetryBelowAttempts && t.task_status === 'Pending' && !t.is_running;
