import { describe, expect, it } from 'vitest';
import { cacheName, precacheList, staleCaches, strategyFor } from './service-worker';

const origin = 'https://desk.example.com';
const files = new Set(['/index.html', '/assets/index-abc123.js', '/manifest.webmanifest']);
const get = (path: string, mode = 'cors') => ({ method: 'GET', url: `${origin}${path}`, mode });

describe('service worker strategy (issue 28)', () => {
  it('never touches the API, other origins or writes', () => {
    expect(strategyFor(get('/api/returns/order/local/1'), origin, files)).toBe('network');
    expect(strategyFor(get('/api/account/session', 'navigate'), origin, files)).toBe('network');
    expect(strategyFor({ method: 'POST', url: `${origin}/assets/index-abc123.js`, mode: 'cors' }, origin, files)).toBe('network');
    expect(strategyFor({ method: 'GET', url: 'https://cdn.example.com/assets/index-abc123.js', mode: 'no-cors' }, origin, files)).toBe(
      'network',
    );
  });

  it('answers page loads network first with the shell, build files from the cache, anything else from the network', () => {
    expect(strategyFor(get('/receiving?customer=3', 'navigate'), origin, files)).toBe('shell');
    expect(strategyFor(get('/', 'navigate'), origin, files)).toBe('shell');
    expect(strategyFor(get('/assets/index-abc123.js?v=1'), origin, files)).toBe('cache-first');
    expect(strategyFor(get('/assets/index-old999.js'), origin, files)).toBe('network');
    expect(strategyFor(get('/photos/signed/xyz.jpg'), origin, files)).toBe('network');
  });

  it('drops only its own older caches', () => {
    const current = cacheName('v2');
    expect(staleCaches(['returns-desk-v1', current, 'other-app', 'returns-desk-v0'], current)).toEqual([
      'returns-desk-v1',
      'returns-desk-v0',
    ]);
  });

  it('precaches the build without maps, compressed copies or itself, as absolute paths', () => {
    expect(
      precacheList([
        'index.html',
        'assets/a.js',
        'assets/a.js.map',
        'assets/a.js.br',
        'assets/a.js.gz',
        'sw.js',
        'icons/icon-192.png',
        'index.html',
      ]),
    ).toEqual(['/assets/a.js', '/icons/icon-192.png', '/index.html']);
  });
});
