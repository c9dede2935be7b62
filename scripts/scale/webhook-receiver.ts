// The brand's webhook receiver of the scale test: a plain HTTP server on 127.0.0.1 that checks each
// delivery's signature the way docs/integrations.md tells a receiver to, and keeps what it got.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedEvent {
  id: string;
  type: string;
  returnId?: number;
  version?: number;
}

export interface WebhookReceiver {
  url: string;
  /** Set once the endpoint exists (the secret is shown once, by the create answer). */
  secret: string;
  /** Every delivery, retries and re-sends included. */
  deliveries: ReceivedEvent[];
  badSignatures: number;
  close(): Promise<void>;
}

function signedBy(secret: string, timestamp: string, body: string, header: string): boolean {
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  return header.split(' ').some((entry) => {
    const given = Buffer.from(entry.replace(/^v1=/, ''), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = { url: '', secret: '', deliveries: [], badSignatures: 0, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const timestamp = String(req.headers['returns-desk-timestamp'] ?? '');
      if (!signedBy(receiver.secret, timestamp, body, String(req.headers['returns-desk-signature'] ?? ''))) {
        receiver.badSignatures++;
        res.writeHead(401).end();
        return;
      }
      const event = JSON.parse(body) as { id: string; type: string; data?: { return?: { id: number; version: number } } };
      receiver.deliveries.push({ id: event.id, type: event.type, returnId: event.data?.return?.id, version: event.data?.return?.version });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/returns-desk`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}
