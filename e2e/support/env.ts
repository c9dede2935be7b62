// What e2e/run.ts hands to the specs through the environment.
function need(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the specs through \`npm run test:e2e\` (see e2e/README.md)`);
  return value;
}

export const e2eEnv = {
  get baseUrl() {
    return need('E2E_BASE_URL');
  },
  get dataDir() {
    return need('E2E_DATA_DIR');
  },
  get admin() {
    return { username: need('E2E_ADMIN_USERNAME'), password: need('E2E_ADMIN_PASSWORD') };
  },
  get shotsDir() {
    return need('E2E_SHOTS_DIR');
  },
};
