import type { QueryFunctionContext } from '@tanstack/react-query';
import { getQueryFn } from '@cardlift/shell/ui';

/**
 * The site's default query rule (spec section 7): GET the query key's path with credentials, a 401
 * throws, other non-ok responses throw 'status: body'. Named here so each factory states its data type.
 */
export function defaultQuery<T>(context: QueryFunctionContext): Promise<T> {
  // With on401 'throw' the shared function never yields null.
  return getQueryFn<T>({ on401: 'throw' })(context) as Promise<T>;
}
