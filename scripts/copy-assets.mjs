// tsc does not copy non-TS files: the SQL migrations must sit beside the built db client.
import { cpSync } from 'node:fs';
cpSync(new URL('../src/server/db/migrations', import.meta.url), new URL('../dist/server/db/migrations', import.meta.url), {
  recursive: true,
});
