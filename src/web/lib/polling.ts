// How often screens that watch background tasks read them again (TanStack Query refetchInterval).
// Only while the tab is visible: TanStack Query pauses intervals in the background.

/** The admin task monitor (SPEC §2.14) reads its page again this often while it is open. */
export const TASK_MONITOR_POLL_MS = 10_000;

/** The Return View timeline reads the return again this often while one of its tasks is still to run. */
export const TIMELINE_POLL_MS = 3_000;

/** A task the worker has yet to finish: the timeline keeps polling while there is one. */
export const isTaskUnsettled = (t: { task_status: string; is_running: boolean }) => t.is_running || t.task_status === 'Pending';
