// Server state through TanStack Query, on the named routes of the contract table.
//
// Query keys: `[routeName, input]`, e.g. ['listTasks', { query: { page: 2 } }]. Invalidating a route
// name (`invalidateRoutes(client, 'listUsers')`) refreshes every query of that route, whatever its input.
// Query functions pass the query's `signal`, so a query that is left (unmount, a newer key) is
// cancelled and its failure shows no notification. A failed call rejects with an ApiError
// carrying the §8 envelope; the red notification has already been shown by the client.
import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { callRoute, type CallOptions, type RouteCallArgs } from './client';
import { failureText, type ApiFailure } from './envelope';
import type { RouteAnswer, RouteInput, RouteName } from './route-types';

/** A non-200 answer of a route, as a rejection (queries and mutations need one to fail). */
export class ApiError extends Error {
  readonly failure: ApiFailure;
  constructor(failure: ApiFailure) {
    super(failureText(failure));
    this.name = 'ApiError';
    this.failure = failure;
  }
  /** The envelope code of SPEC §8 (400, 401, 422 or -1). */
  get code() {
    return this.failure.code;
  }
  /** The real HTTP status (0 when no answer arrived). */
  get status() {
    return this.failure.status;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The query key of a route read. */
export function routeKey<N extends RouteName>(name: N, input?: RouteInput<N>) {
  return [name, input ?? {}] as const;
}

/** Calls a route and resolves to its answer's message, or rejects with an ApiError. */
export async function fetchRoute<N extends RouteName>(name: N, ...args: RouteCallArgs<N>): Promise<RouteAnswer<N>> {
  const res = await callRoute(name, ...args);
  if (res.code !== 200) throw new ApiError(res);
  return res.message;
}

/** Refreshes every query of these routes (after a mutation changed what they read). */
export function invalidateRoutes(client: QueryClient, ...names: RouteName[]): Promise<void> {
  return Promise.all(names.map((name) => client.invalidateQueries({ queryKey: [name] }))).then(() => undefined);
}

type QueryExtras<N extends RouteName, T> = Omit<
  UseQueryOptions<RouteAnswer<N>, ApiError, T, ReturnType<typeof routeKey<N>>>,
  'queryKey' | 'queryFn'
> &
  Pick<CallOptions, 'quiet'>;

/** Reads a route through the query cache. `options` are TanStack's (enabled, refetchInterval, select, …). */
export function useRouteQuery<N extends RouteName, T = RouteAnswer<N>>(name: N, input: RouteInput<N>, options: QueryExtras<N, T> = {}) {
  const { quiet, ...rest } = options;
  return useQuery({
    queryKey: routeKey(name, input),
    queryFn: ({ signal }) => fetchRoute(name, ...([input, { signal, quiet }] as RouteCallArgs<N>)),
    ...rest,
  });
}

type MutationExtras<N extends RouteName, V> = Omit<UseMutationOptions<RouteAnswer<N>, ApiError, V>, 'mutationFn'> &
  Pick<CallOptions, 'quiet' | 'quietFor'> & {
    /** Routes whose queries are refreshed after a success. */
    invalidates?: readonly RouteName[];
  };

/**
 * Writes through a route. `toInput` maps what the screen passes to `mutate` (form values) to the
 * route's input; by default `mutate` takes the input itself. On success the `invalidates` routes are refreshed.
 */
export function useRouteMutation<N extends RouteName, V = RouteInput<N>>(
  name: N,
  options: MutationExtras<N, V> & { toInput?: (variables: V) => RouteInput<N> } = {},
) {
  const client = useQueryClient();
  const { quiet, quietFor, invalidates = [], toInput, onSuccess, ...rest } = options;
  return useMutation<RouteAnswer<N>, ApiError, V>({
    mutationFn: (variables) => {
      const input = toInput ? toInput(variables) : (variables as unknown as RouteInput<N>);
      return fetchRoute(name, ...([input, { quiet, quietFor }] as RouteCallArgs<N>));
    },
    onSuccess: async (data, variables, result, context) => {
      if (invalidates.length > 0) void invalidateRoutes(client, ...invalidates);
      await onSuccess?.(data, variables, result, context);
    },
    ...rest,
  });
}
