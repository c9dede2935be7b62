// The verification snippets of docs/integrations.md "Verifying a delivery", run as written (Node,
// and Python with the machine's python3) against real deliveries to a receiver started here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { adminSession } from '../../test/sessions.js';
import { makeCustomer } from '../../test/factories.js';
import { startTestWorker } from '../../test/integration-fixtures.js';
import { waitFor } from '../../test/integration-servers.js';
import { registerEndpoint, startWebhookReceiver } from '../../test/webhook-fixtures.js';
import type { Worker } from '../tasks/task-worker.js';

const doc = readFileSync(new URL('../../../../docs/integrations.md', import.meta.url), 'utf8');
function snippet(marker: string, lang: string): string {
  const match = new RegExp(`<!-- ${marker}:[^>]*-->\\s*\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(doc);
  if (!match) throw new Error(`docs/integrations.md has no ${marker} block`);
  return match[1]!;
}

const dir = mkdtempSync(join(tmpdir(), 'rd-verify-'));
writeFileSync(join(dir, 'verify.mjs'), snippet('verify-node', 'js'));
writeFileSync(
  join(dir, 'run.mjs'),
  `import { verifyReturnsDesk } from './verify.mjs';
let text = '';
for await (const chunk of process.stdin) text += chunk;
const { secret, headers, body } = JSON.parse(text);
console.log(verifyReturnsDesk(secret, headers, body) ? 'valid' : 'invalid');
`,
);
writeFileSync(
  join(dir, 'verify.py'),
  `${snippet('verify-python', 'python')}
import json, sys
given = json.load(sys.stdin)
print("valid" if verify_returns_desk(given["secret"], given["headers"], given["body"].encode()) else "invalid")
`,
);

interface Delivered {
  headers: Record<string, unknown>;
  body: string;
}
function verifyWith(program: 'node' | 'python', secret: string, d: Delivered): string {
  const [cmd, script] = program === 'node' ? [process.execPath, join(dir, 'run.mjs')] : ['python3', join(dir, 'verify.py')];
  const out = spawnSync(cmd, [script], { input: JSON.stringify({ secret, headers: d.headers, body: d.body }), encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`${program} snippet failed: ${out.stderr}`);
  return out.stdout.trim();
}

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let worker: Worker;
beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_HTTP: true });
  admin = await adminSession(t.app, t.deps.database.db);
  receiver = await startWebhookReceiver();
  worker = startTestWorker(t.deps);
});
afterAll(async () => {
  await worker.stop();
  await receiver.close();
  await t.close();
});

async function sendTest(endpointId: number) {
  const res = await call(t.app, 'POST', `/api/su/webhooks/${endpointId}/test`, { token: admin.token });
  expect(res.status).toBe(200);
  worker.poke();
  return waitFor(() =>
    receiver.events().find((e) => e.event.data?.endpoint_id === endpointId && !seen.has(e.event.id) && seen.add(e.event.id)),
  );
}
const seen = new Set<string>();

describe('the documented verification snippets', () => {
  it('Node and Python accept a real delivery, and refuse a changed body, another secret or an old timestamp', async () => {
    const c = await makeCustomer(t.deps.database.db);
    const hook = await registerEndpoint(t.app, admin.token, c.id, `${receiver.url}/verify/${c.id}`, ['return.received']);
    const got = await sendTest(hook.id);
    expect(got.event.type).toBe('webhook.test');
    for (const program of ['node', 'python'] as const) {
      expect(verifyWith(program, hook.secret, got), program).toBe('valid');
      expect(verifyWith(program, hook.secret, { ...got, body: got.body.replace('test', 'tost') }), program).toBe('invalid');
      expect(verifyWith(program, `${hook.secret}x`, got), program).toBe('invalid');
      const old = { ...got.headers, 'returns-desk-timestamp': String(Number(got.headers['returns-desk-timestamp']) - 3600) };
      expect(verifyWith(program, hook.secret, { ...got, headers: old }), program).toBe('invalid');
    }
  });

  it('after a roll both the new and the previous secret verify a delivery, for 24 hours', async () => {
    const c = await makeCustomer(t.deps.database.db);
    const hook = await registerEndpoint(t.app, admin.token, c.id, `${receiver.url}/roll/${c.id}`, ['return.received']);
    const rolled = await call(t.app, 'POST', `/api/su/webhooks/${hook.id}/roll-secret`, { token: admin.token });
    const got = await sendTest(hook.id);
    expect(String(got.headers['returns-desk-signature']).split(' ')).toHaveLength(2);
    for (const program of ['node', 'python'] as const) {
      expect(verifyWith(program, rolled.body.message.secret, got), program).toBe('valid');
      expect(verifyWith(program, hook.secret, got), program).toBe('valid');
    }
  });
});
