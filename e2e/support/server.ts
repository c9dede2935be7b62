// The server under test as global-setup.ts started it (or E2E_BASE_URL names): the workers inherit
// these variables from the Playwright process; specs get them through the `server` fixture.
export interface E2EServer {
  baseUrl: string;
  /** The server's DATA_DIR: mails in outbox/, the embedded FTP folder in ftp/. */
  dataDir: string;
  admin: { username: string; password: string };
  /** Where screenshot() writes (E2E_SHOTS_DIR, else inside the run folder). */
  shotsDir: string;
  /** The run folder of this run (kept when a test fails). */
  runDir: string;
}

function need(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the specs through \`npm run test:e2e\` (see e2e/README.md)`);
  return value;
}

export function serverFromEnv(): E2EServer {
  return {
    baseUrl: need('E2E_BASE_URL'),
    dataDir: need('E2E_DATA_DIR'),
    admin: { username: need('E2E_ADMIN_USERNAME'), password: need('E2E_ADMIN_PASSWORD') },
    shotsDir: need('E2E_SHOTS_DIR'),
    runDir: need('E2E_RUN_DIR'),
  };
}
