/**
 * How the api refuses. A feature throws a kind named by what happened (`Conflict`, `NotFound`, ...)
 * with a machine `code` and a human message, never an HTTP status: the same refusal reads the same from
 * a router, a job or a CLI, and error-answers.ts turns each kind into its answer in one place.
 */

/** What went wrong, in the domain's words; error-answers.ts owns what each one answers. */
export type RefusalKind =
  /** The request itself is malformed or out of range (a bad archive, a field that fails its schema). */
  | 'invalid'
  /** Well formed, but the rules refuse it (a release that fails its checks, a plan that cannot run). */
  | 'refused'
  /** What stands now forbids it, or changed meanwhile (a stale revision, an id taken, the wrong state). */
  | 'conflict'
  | 'not_found'
  /** More than a limit allows. */
  | 'too_large'
  /** Cannot be done now, through no fault of the caller: worth sending again (after `retryAfterSeconds`). */
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: RefusalKind,
    /** The machine code clients and tests read (`experiment_running`, `stale`, ...). */
    readonly code: string,
    message: string,
    /** What else the answer carries (a conflict's revisions, a schema's field messages). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A class per kind, so a refusal reads as what happened: `throw new Conflict('stale', ...)`. */
function kindClass(kind: RefusalKind) {
  return class extends DomainError {
    constructor(code: string, message: string, details?: Record<string, unknown>) {
      super(kind, code, message, details);
    }
  };
}

export class Invalid extends kindClass('invalid') {}
export class Refused extends kindClass('refused') {}
export class Conflict extends kindClass('conflict') {}
export class NotFound extends kindClass('not_found') {}
export class TooLarge extends kindClass('too_large') {}

export class Unavailable extends DomainError {
  constructor(
    code: string,
    message: string,
    /** Seconds to wait before sending the same thing again, when known. */
    readonly retryAfterSeconds?: number,
  ) {
    super('unavailable', code, message);
  }
}

export const notFound = (what: string) => new NotFound('not_found', `${what} not found`);

/**
 * An answer decided at the HTTP edge from the request itself (its credentials, methods, media type,
 * headers), where the status is the meaning: routers and middleware only, never a service or store.
 * `expose` says whether its message may reach the client.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly expose = status < 500,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
