import { DomainError, type RefusalKind } from '../platform/errors';

/** A refusal of the content API: its kind, code, message and, for a schema's refusal, each field's message. */
export class ContentRefused extends DomainError {
  constructor(
    kind: RefusalKind,
    code: string,
    message: string,
    readonly issues?: { path: string; message: string }[],
    /** What else the answer carries (a conflict's revisions, authors and fields). */
    details?: Record<string, unknown>,
  ) {
    super(kind, code, message, issues || details ? { ...details, ...(issues ? { issues } : {}) } : undefined);
  }
}
