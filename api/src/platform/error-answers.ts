/**
 * The one place a failure becomes an answer: each refusal kind its status, every body the one shape
 * `{ error, code, details? }` (`ApiErrorBody`). An unexpected error answers 500 with nothing of its
 * message, and is the only kind the error handler logs as a failure.
 */
import type { ApiErrorBody } from '@cardlift/contracts';
import { AppError, DomainError, type RefusalKind } from './errors';

export const STATUS_OF_KIND: Readonly<Record<RefusalKind, number>> = {
  invalid: 400,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  refused: 422,
  unavailable: 503,
};

export interface ErrorAnswer {
  status: number;
  body: ApiErrorBody;
  /** Seconds for `Retry-After`: a temporary refusal says when to try again. */
  retryAfterSeconds?: number;
  /** Not meant: log it with its stack. A deliberate refusal, 503s included, is an answer. */
  unexpected: boolean;
}

type Thrown = {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  code?: unknown;
  message?: string;
  details?: unknown;
};

export function errorAnswer(caught: unknown): ErrorAnswer {
  if (caught instanceof DomainError) {
    const status = STATUS_OF_KIND[caught.kind];
    return { status, body: bodyOf(caught.message, caught.code, caught.details), ...retryOf(caught), unexpected: false };
  }
  if (caught instanceof AppError) {
    const body = bodyOf(caught.message, caught.code, caught.details);
    return { status: caught.status, body, ...retryOf(caught), unexpected: caught.status >= 500 && !caught.expose };
  }
  // Koa's and its middleware's own errors (http-errors: a 413 body, a 405 from allowedMethods).
  const err = (typeof caught === 'object' && caught !== null ? caught : {}) as Thrown;
  const status = err.status ?? err.statusCode ?? 500;
  if (status < 500 && err.expose !== false) {
    const code = typeof err.code === 'string' ? err.code : codeFor(status);
    const details = typeof err.details === 'object' && err.details !== null ? (err.details as Record<string, unknown>) : undefined;
    return { status, body: bodyOf(messageFor(status, err), code, details), ...retryOf(caught), unexpected: false };
  }
  return { status, body: { error: 'Internal server error', code: 'internal' }, ...retryOf(caught), unexpected: status >= 500 };
}

function bodyOf(error: string, code: string, details: Record<string, unknown> | undefined): ApiErrorBody {
  return { error, code, ...(details ? { details } : {}) };
}

function retryOf(caught: unknown): { retryAfterSeconds?: number } {
  const seconds = (caught as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' ? { retryAfterSeconds: seconds } : {};
}

function messageFor(status: number, err: Thrown): string {
  if (status === 413) return 'Request body is too large';
  if (status === 415) return 'Content-Type must be application/json';
  if (err.type === 'entity.parse.failed' || status === 400) return err.message && !err.type ? err.message : 'Malformed JSON body';
  return err.message ?? 'Request failed';
}

function codeFor(status: number): string {
  return (
    (
      {
        400: 'bad_request',
        404: 'not_found',
        405: 'method_not_allowed',
        413: 'payload_too_large',
        415: 'unsupported_media_type',
        429: 'rate_limited',
      } as Record<number, string>
    )[status] ?? 'error'
  );
}
