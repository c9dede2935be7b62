import { describe, expect, it } from 'vitest';
import { emailField } from '../../contract/common';
import { connectionBody } from '../../contract/customers';
import { MSG } from '../../contract/messages';
import { userCreateBody } from '../../contract/users';
import { ApiError } from '../api/queries';
import { schemaValidate, setServerErrors } from './form';

function recorder() {
  const form = { errors: {} as Record<string, unknown>, setErrors: (e: Record<string, unknown>) => void (form.errors = e) };
  return form;
}

describe('schemaValidate', () => {
  const validate = schemaValidate(userCreateBody, {
    toBody: (v: { name: string; email: string; customer_ids: string[] }) => ({ ...v, customer_ids: v.customer_ids.map(Number) }),
  });

  it("shows the contract's messages, first one per field, after shaping values like the body", () => {
    const errors = validate({ name: ' ', email: 'nope', customer_ids: ['1'] });
    expect(errors).toEqual({
      name: MSG.nameRequired,
      email: MSG.emailInvalid,
      username: MSG.usernameRequired,
      password: MSG.newPasswordRequired,
    });
  });

  it('passes values the server would accept', () => {
    expect(
      validate({
        name: 'Ann',
        email: 'ann@example.com',
        customer_ids: ['3'],
        username: 'ann',
        password: 'x',
        pass_confirmed: 'x',
      } as never),
    ).toEqual({});
  });

  it('renames nested schema paths to form fields', () => {
    const connection = schemaValidate(connectionBody, { fields: { 'connection_meta.format': 'format' } });
    const errors = connection({ connection_type: 'Biztalk Outbound Return', connection_meta: { format: 'PDF' } });
    expect(Object.keys(errors)).toEqual(['format']);
  });
});

describe('setServerErrors', () => {
  it("puts a 422 answer's field messages on the form, joined per field and renamed", () => {
    const form = recorder();
    const failure = { code: 422 as const, message: ['a', 'b'], errors: { name: ['a', 'b'], 'connection_meta.format': ['c'] }, status: 422 };
    expect(setServerErrors(form, new ApiError(failure), { fields: { 'connection_meta.format': 'format' } })).toBe(true);
    expect(form.errors).toEqual({ name: 'a b', format: 'c' });
  });

  it('leaves the form alone for other failures', () => {
    const form = recorder();
    expect(setServerErrors(form, new ApiError({ code: -1, message: 'x', status: 500 }))).toBe(false);
    expect(setServerErrors(form, new Error('boom'))).toBe(false);
    expect(form.errors).toEqual({});
  });
});

describe('the e-mail rule forms share with the server', () => {
  const isEmail = (v: string) => emailField.safeParse(v).success;
  it('accepts usual addresses and refuses malformed ones', () => {
    expect(isEmail('ops@example.com')).toBe(true);
    expect(isEmail(' a.b+c@mail.example.co.uk ')).toBe(true);
    expect(isEmail('x@y.z')).toBe(false);
    expect(isEmail('no-at.example.com')).toBe(false);
    expect(isEmail('')).toBe(false);
  });
});
