// Compile-time checks of the route client's types: npm run typecheck compiles this file, and each
// expected-error directive below must meet an error or the typecheck fails. The calls are built, never run.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AdminUser } from '../../contract/users';
import { callRoute } from './client';
import type { RouteAnswer, RouteInput } from './route-types';

describe('route types from the contract table', () => {
  it('answers the type of the route schema', () => {
    expectTypeOf<RouteAnswer<'listUsers'>>().toEqualTypeOf<AdminUser[]>();
    expectTypeOf<RouteAnswer<'deleteOption'>>().toEqualTypeOf<string>();
    // A route without an answer schema (a file) answers nothing typed.
    expectTypeOf<RouteAnswer<'downloadFile'>>().toBeUnknown();
  });

  it('asks for exactly the parts a route takes', () => {
    expectTypeOf<RouteInput<'updateOption'>['params']>().toEqualTypeOf<{ id: string | number; optId: string | number }>();
    const calls = [
      () => callRoute('listUsers'),
      () => callRoute('updateUser', { params: { id: 1 }, body: { name: 'A', email: 'a@example.com' } }),
      // @ts-expect-error a route with a path parameter needs its params
      () => callRoute('updateUser', { body: { name: 'A', email: 'a@example.com' } }),
      // @ts-expect-error a route without a body takes none
      () => callRoute('listUsers', { body: {} }),
      // @ts-expect-error the body is checked against the route's schema
      () => callRoute('createCustomer', { body: { company: 'A', order_source: 'Fax' } }),
      // @ts-expect-error an unknown route name is refused
      () => callRoute('listUser'),
    ];
    expect(calls).toHaveLength(6);
  });
});
