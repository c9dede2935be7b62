// The servers under test as global-setup.ts started them, one per worker (or the one E2E_BASE_URL names):
// the workers inherit these variables from the Playwright process; specs get theirs through the `server`
// fixture, chosen by the worker's parallel index (a worker restarted after a failure keeps its index).
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

export function serverFromEnv(parallelIndex: number): E2EServer {
  const servers = JSON.parse(need('E2E_SERVERS')) as { baseUrl: string; dataDir: string }[];
  const { baseUrl, dataDir } = servers[parallelIndex % servers.length]!;
  return {
    baseUrl,
    dataDir,
    admin: { username: need('E2E_ADMIN_USERNAME'), password: need('E2E_ADMIN_PASSWORD') },
    shotsDir: need('E2E_SHOTS_DIR'),
    runDir: need('E2E_RUN_DIR'),
  };
}
