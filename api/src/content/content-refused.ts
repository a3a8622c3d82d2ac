/** A refusal the content API answers with: status, code, message and, for a schema's refusal, each field's message. */
export class ContentRefused extends Error {
  override name = 'ContentRefused';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: { path: string; message: string }[],
    /** What else the answer carries (a conflict's revisions, authors and fields). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}
