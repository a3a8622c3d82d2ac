/**
 * Data rules. The default query fetches the path in its query key with credentials,
 * reads JSON, throws on 401 (or yields null when asked), and throws 'status: body' on other errors.
 * No retries, never stale, no refetch on focus, no polling.
 */
import { QueryClient, type QueryFunction, type QueryFunctionContext } from '@tanstack/react-query';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Throws `status: body text` (status text when the body is empty) for a non-ok response. */
export async function throwIfResNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = (await response.text()) || response.statusText;
  throw new HttpError(response.status, `${response.status}: ${body}`);
}

export type UnauthorizedBehavior = 'throw' | 'returnNull';

export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfResNotOk(response);
    return (await response.json()) as T;
  };
}

/** The default rule as a typed query function, for options that name their data type (a 401 throws, so never null). */
export function defaultQueryFn<T>(context: QueryFunctionContext): Promise<T> {
  return getQueryFn<T>({ on401: 'throw' })(context) as Promise<T>;
}

/** JSON request with the same error rule, for mutations. */
export async function apiRequest(method: string, url: string, data?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: data === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfResNotOk(response);
  return response;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The site's one QueryClient, shared with every remote through the design-system singleton. */
export const queryClient = createQueryClient();
