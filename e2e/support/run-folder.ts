// The run folder (server log, data dir, screenshots) is kept when a test failed: a failing test leaves
// this file in it (fixtures.ts), and the global teardown (global-setup.ts) looks for it.
export const FAILED_MARKER = 'FAILED';
