import { describe, expect, it } from 'vitest';
import { internalAddressReason, internalHostOf, isInternalAddress } from './webhook-url-guard.js';

describe('webhook receivers on internal addresses (SSRF)', () => {
  it('tells internal IPv4 and IPv6 addresses from public ones', () => {
    for (const ip of [
      '127.0.0.1',
      '10.0.0.5',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '255.255.255.255',
    ]) {
      expect(isInternalAddress(ip), ip).toBe(true);
    }
    for (const ip of ['93.184.216.34', '172.32.0.1', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isInternalAddress(ip), ip).toBe(false);
    }
  });

  it('names an internal host in the URL itself, and refuses it at delivery without a lookup', async () => {
    expect(internalHostOf('https://localhost:8443/x')).toBe('localhost');
    expect(internalHostOf('https://[fd12::1]/x')).toBe('[fd12::1]');
    expect(internalHostOf('https://hooks.example.com/x')).toBeNull();
    expect(internalHostOf('https://8.8.8.8/x')).toBeNull();
    expect(await internalAddressReason('http://127.0.0.1:9000/hook')).toMatch(/internal address/);
    expect(await internalAddressReason('https://8.8.8.8/hook')).toBeNull();
  });
});
