// A webhook receiver for the specs (issue 26): an HTTP server on 127.0.0.1 that keeps what it got,
// and the signature check of docs/integrations.md "Verifying a delivery", in Node.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/** Answers 200 to every POST on `path` and keeps it in `got`. */
export async function startReceiver(path: string) {
  const got: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return { url, got, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The verification of docs/integrations.md "Verifying a delivery", in Node. */
export function verify(secret: string, headers: IncomingHttpHeaders, body: string, toleranceSeconds = 300): boolean {
  const timestamp = Number(headers['returns-desk-timestamp']);
  if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  return String(headers['returns-desk-signature'] ?? '')
    .split(' ')
    .map((part) => Buffer.from(part.replace(/^v1=/, ''), 'base64'))
    .some((sig) => sig.length === expected.length && timingSafeEqual(sig, expected));
}
