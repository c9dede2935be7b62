import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Webhook receivers must be on the public internet: a URL that names (or resolves to) a loopback,
 * private, link-local or otherwise internal address would let an admin make the server post into its
 * own network (SSRF). WEBHOOK_ALLOW_HTTP (development and tests, receivers on 127.0.0.1) lifts this
 * with the https rule.
 */
const V4_BLOCKED: [number, number][] = [
  [0x00000000, 8], // 0.0.0.0/8 "this network"
  [0x0a000000, 8], // 10/8
  [0x64400000, 10], // 100.64/10 carrier-grade NAT
  [0x7f000000, 8], // 127/8 loopback
  [0xa9fe0000, 16], // 169.254/16 link-local (cloud metadata)
  [0xac100000, 12], // 172.16/12
  [0xc0000000, 24], // 192.0.0/24 IETF protocol assignments
  [0xc0a80000, 16], // 192.168/16
  [0xc6120000, 15], // 198.18/15 benchmarking
  [0xe0000000, 3], // 224/3 multicast and reserved, 255.255.255.255
];

function v4Number(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function blockedV4(ip: string): boolean {
  const n = v4Number(ip);
  return V4_BLOCKED.some(([net, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(net / 2 ** (32 - bits)));
}

/** Whether an IP address (v4 or v6) is one a webhook may not be sent to. */
export function isInternalAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').toLowerCase();
  const kind = isIP(ip);
  if (kind === 4) return blockedV4(ip);
  if (kind !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return blockedV4(mapped[1]!);
  if (ip === '::' || ip === '::1') return true;
  const first = parseInt(ip.split(':')[0] || '0', 16);
  // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast.
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00;
}

/** The URL's host when it is an internal name or address by itself (no lookup): localhost, an internal IP. */
export function internalHostOf(url: string): string | null {
  const host = new URL(url).hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local')) return host;
  const bare = host.replace(/^\[|\]$/g, '');
  return isIP(bare) && isInternalAddress(bare) ? host : null;
}

/**
 * At delivery: every address the host resolves to must be public (a public name may point inside).
 * Answers why not, or null. A failed lookup is left to the post, which reports it as its own error.
 */
export async function internalAddressReason(url: string): Promise<string | null> {
  const named = internalHostOf(url);
  if (named) return `The receiver's host ${named} is an internal address`;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return null;
  const addresses = await lookup(host, { all: true }).catch(() => []);
  const inside = addresses.find((a) => isInternalAddress(a.address));
  return inside ? `The receiver's host ${host} resolves to the internal address ${inside.address}` : null;
}
