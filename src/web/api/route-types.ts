// What a call to a named route takes and answers, derived from the contract route table at the
// type level only (`import type`): the schemas and zod stay out of the SPA's entry chunk.
import type { z } from 'zod';
import type { PathParamNames, PathParams, RouteName, API_PATHS } from '../../contract/api-paths';
import type { ApiRoutes } from '../../contract/api-routes';

export type { RouteName } from '../../contract/api-paths';

type SchemaOf<N extends RouteName, K extends 'body' | 'query' | 'answer'> = ApiRoutes[N] extends { [P in K]: infer S extends z.ZodType }
  ? S
  : never;

/** The `message` of the route's 200 answer. */
export type RouteAnswer<N extends RouteName> = [SchemaOf<N, 'answer'>] extends [never] ? unknown : z.output<SchemaOf<N, 'answer'>>;
/** What the route's body schema accepts (before its defaults and transforms). */
export type RouteBody<N extends RouteName> = z.input<SchemaOf<N, 'body'>>;
export type RouteQuery<N extends RouteName> = z.input<SchemaOf<N, 'query'>>;

type ParamsPart<N extends RouteName> = [PathParamNames<(typeof API_PATHS)[N]['path']>] extends [never]
  ? { params?: never }
  : { params: PathParams<N> };
type BodyPart<N extends RouteName> = [SchemaOf<N, 'body'>] extends [never]
  ? { body?: never }
  : undefined extends RouteBody<N>
    ? { body?: RouteBody<N> }
    : { body: RouteBody<N> };
type QueryPart<N extends RouteName> = [SchemaOf<N, 'query'>] extends [never] ? { query?: never } : { query?: RouteQuery<N> };

/** `{ params, body, query }` as the route needs them; parts it has no use for are not allowed. */
export type RouteInput<N extends RouteName> = ParamsPart<N> & BodyPart<N> & QueryPart<N>;

type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];
/** True when the input can be left out (no path parameter, no required body). */
export type InputOptional<N extends RouteName> = [RequiredKeys<RouteInput<N>>] extends [never] ? true : false;
