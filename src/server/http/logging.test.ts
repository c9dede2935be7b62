import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.js';

describe('redactUrl', () => {
  it('hides reset tokens and signed file tokens', () => {
    expect(redactUrl('/auth/password/jane/abcDEF123')).toBe('/auth/password/jane/[redacted]');
    expect(redactUrl('/api/files/xyz.sig?x=1')).toBe('/api/files/[redacted]?x=1');
  });
  it('leaves other paths alone', () => {
    expect(redactUrl('/api/returns?page=2')).toBe('/api/returns?page=2');
  });
});
