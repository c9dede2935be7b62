// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { clearStoredToken, readSessionSnapshot, storeSessionSnapshot, storeToken } from './token-store';

describe('the session snapshot for a start with no network (issue 28)', () => {
  afterEach(() => window.localStorage.clear());
  const now = Date.parse('2026-11-27T10:00:00Z');

  it('is read while the stored token has not expired, and goes with the token', () => {
    storeToken('tok', '2026-11-27T12:00:00Z');
    storeSessionSnapshot({ account: { id: 3 }, customers: [] });
    expect(readSessionSnapshot(now)).toEqual({ account: { id: 3 }, customers: [] });
    expect(readSessionSnapshot(Date.parse('2026-11-27T12:00:01Z'))).toBeNull();
    clearStoredToken();
    expect(readSessionSnapshot(now)).toBeNull();
  });

  it('is nothing without a token or with a broken value', () => {
    storeSessionSnapshot({ account: { id: 3 }, customers: [] });
    expect(readSessionSnapshot(now)).toBeNull();
    storeToken('tok', '2026-11-27T12:00:00Z');
    window.localStorage.setItem('returns-desk.session', '{broken');
    expect(readSessionSnapshot(now)).toBeNull();
  });
});
