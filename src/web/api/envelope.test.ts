import { describe, expect, it } from 'vitest';
import {
  apiPath,
  failureMessages,
  failureTitle,
  GENERIC_CLIENT_ERROR,
  isPublicPath,
  mapResponse,
  networkFailure,
  toQueryString,
} from './envelope';

describe('mapResponse (SPEC §8 catalogue)', () => {
  it('passes the payload of a 200 through', () => {
    expect(mapResponse(200, { code: 200, message: { token: 't' } })).toEqual({ code: 200, message: { token: 't' }, status: 200 });
  });

  it('maps 401 to code 401 "Unauthorized." whatever the server says', () => {
    expect(mapResponse(401, { code: 401, message: 'Token expired' })).toMatchObject({ code: 401, message: 'Unauthorized.', status: 401 });
    expect(mapResponse(401, undefined)).toMatchObject({ code: 401, message: 'Unauthorized.' });
  });

  it('maps 400 to the server text, or the generic text when there is none', () => {
    expect(mapResponse(400, { code: 400, message: 'Body is not JSON' })).toMatchObject({
      code: 400,
      message: 'Body is not JSON',
      status: 400,
    });
    expect(mapResponse(400, { code: 400 })).toMatchObject({ code: 400, message: GENERIC_CLIENT_ERROR });
    expect(mapResponse(400, undefined)).toMatchObject({ code: 400, message: GENERIC_CLIENT_ERROR });
    expect(mapResponse(400, { message: ['a'] })).toMatchObject({ code: 400, message: GENERIC_CLIENT_ERROR });
  });

  it('maps 422 to the server list of messages and keeps the field errors', () => {
    const body = {
      code: 422,
      message: ['Username is required', 'Password is required'],
      errors: { username: ['Username is required'], password: ['Password is required'] },
    };
    expect(mapResponse(422, body)).toEqual({
      code: 422,
      message: ['Username is required', 'Password is required'],
      errors: { username: ['Username is required'], password: ['Password is required'] },
      status: 422,
    });
  });

  it('accepts a 422 whose message is one text, or only field errors', () => {
    expect(mapResponse(422, { message: 'Old password is not correct' })).toMatchObject({
      code: 422,
      message: ['Old password is not correct'],
    });
    expect(mapResponse(422, { errors: { a: ['x'], b: 'y' } })).toMatchObject({
      code: 422,
      message: ['x', 'y'],
      errors: { a: ['x'], b: ['y'] },
    });
    expect(mapResponse(422, undefined)).toMatchObject({ code: 422, message: [GENERIC_CLIENT_ERROR] });
  });

  it.each([403, 404, 409, 413, 429, 500, 502, 503])('maps HTTP %i to code -1 with the generic text and keeps the status', (status) => {
    expect(mapResponse(status, { code: status, message: 'whatever' })).toEqual({ code: -1, message: GENERIC_CLIENT_ERROR, status });
  });

  it('treats a 2xx without an envelope (proxy page, empty body) as a failure', () => {
    expect(mapResponse(200, undefined)).toMatchObject({ code: -1, message: GENERIC_CLIENT_ERROR });
    expect(mapResponse(204, undefined)).toMatchObject({ code: -1 });
  });

  it('maps a network failure to code -1, status 0', () => {
    expect(networkFailure()).toEqual({ code: -1, message: GENERIC_CLIENT_ERROR, status: 0 });
  });
});

describe('failure helpers', () => {
  it('lists messages from a text or a list', () => {
    expect(failureMessages({ message: 'one' })).toEqual(['one']);
    expect(failureMessages({ message: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(failureMessages({ message: { odd: true } })).toEqual([GENERIC_CLIENT_ERROR]);
  });

  it('titles 422 as a validation error and everything else as a server error', () => {
    expect(failureTitle(422)).toBe('Data Validation Error');
    expect(failureTitle(400)).toBe('API Server Error');
    expect(failureTitle(401)).toBe('API Server Error');
    expect(failureTitle(-1)).toBe('API Server Error');
  });
});

describe('paths', () => {
  it('knows the four public auth calls', () => {
    expect(isPublicPath('/api/auth/login')).toBe(true);
    expect(isPublicPath('/api/auth/confirm-password')).toBe(true);
    expect(isPublicPath('/api/account/token')).toBe(false);
    expect(isPublicPath('/api/returns')).toBe(false);
  });

  it('puts every path under /api once', () => {
    expect(apiPath('/returns')).toBe('/api/returns');
    expect(apiPath('returns/1')).toBe('/api/returns/1');
    expect(apiPath('/api/returns')).toBe('/api/returns');
    expect(apiPath('/apiary')).toBe('/api/apiary');
  });
});

describe('toQueryString', () => {
  it('writes nested objects as bracket keys, as the history query does', () => {
    const qs = toQueryString({ page: 1, search: { id: '', order_number: 'A 1' }, filter: { customer_id: 'All' } });
    expect(decodeURIComponent(qs)).toBe('page=1&search[id]=&search[order_number]=A+1&filter[customer_id]=All');
  });

  it('leaves undefined out, sends null empty and repeats arrays', () => {
    expect(decodeURIComponent(toQueryString({ a: undefined, b: null, c: [1, 2], d: true }))).toBe('b=&c[]=1&c[]=2&d=true');
  });
});
