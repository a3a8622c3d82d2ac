/**
 * Every call the editor makes to the api, in one place (paths, headers, error bodies), so a path
 * that moves is changed here only. Writes carry the session's CSRF token (X-CSRF-Token); cookies
 * are same-origin. Errors become ApiError with the field issues of a 400 when the api names any.
 */
import {
  CSRF_HEADER,
  type ContentItemStatus,
  type ContentKind,
  type ContentListEntry,
  type ContentRevision,
  type EditorSession,
  type ScheduledEntry,
} from '@cardlift/contracts';

export const EDITOR_API_PATHS = {
  session: '/api/editor/session',
  password: '/api/editor/password',
  content: '/api/content',
  scheduled: '/api/content/scheduled',
  closingSoon: '/api/content/jobs/closing-soon',
  images: '/api/content/images',
} as const;

/** What the api answers, typed by the contracts' schemas (the api checks with the same ones). */
export type { ContentListEntry, ScheduledEntry } from '@cardlift/contracts';
export type Session = EditorSession;
export interface ClosingSoonJob {
  slug: string;
  title: string;
  validThrough: string;
}
export type RevisionEntry = ContentRevision & { content: unknown };
export interface UploadedImage {
  src: string;
  width: number;
  height: number;
}
/** A field the api (or the schema in the browser) refused: `path` as `sections.0.title`. */
export interface FieldIssue {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: FieldIssue[] = [],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type ErrorBody = { error?: unknown; code?: unknown; details?: { issues?: unknown } };

/** The api's error body: `{ error: message, code, details }`, a 400's field issues in `details.issues`. */
async function errorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => ({}))) as ErrorBody;
  const message = String(body.error ?? `The server answered ${response.status}.`);
  const code = String(body.code ?? 'error');
  const rawIssues = body.details?.issues;
  const issues = Array.isArray(rawIssues)
    ? rawIssues.filter((i): i is FieldIssue => typeof i?.path === 'string' && typeof i?.message === 'string')
    : [];
  const retryAfter = Number(response.headers.get('Retry-After'));
  return new ApiError(response.status, code, message, issues, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
}

const itemPath = (kind: ContentKind, id: string) => `${EDITOR_API_PATHS.content}/${kind}/${encodeURIComponent(id)}`;

export class EditorClient {
  private csrfToken = '';

  private async request<T>(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (method !== 'GET') headers[CSRF_HEADER] = this.csrfToken;
    if (body !== undefined) headers['Content-Type'] = contentType;
    const payload = body === undefined ? undefined : contentType === 'application/json' ? JSON.stringify(body) : (body as Blob);
    const response = await fetch(path, { method, headers, body: payload, credentials: 'same-origin' });
    if (!response.ok) throw await errorOf(response);
    return (response.status === 204 ? undefined : await response.json()) as T;
  }

  private remember(session: Session): Session {
    this.csrfToken = session.csrfToken;
    return session;
  }

  async signIn(email: string, password: string): Promise<Session> {
    return this.remember(await this.request<Session>('POST', EDITOR_API_PATHS.session, { email, password }));
  }

  /** The signed-in person, or null when nobody is. */
  async currentSession(): Promise<Session | null> {
    try {
      return this.remember(await this.request<Session>('GET', EDITOR_API_PATHS.session));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  }

  async signOut(): Promise<void> {
    await this.request<void>('DELETE', EDITOR_API_PATHS.session);
    this.csrfToken = '';
  }

  setPassword(token: string, password: string): Promise<void> {
    return this.request('POST', EDITOR_API_PATHS.password, { token, password });
  }

  list(kind: ContentKind): Promise<ContentListEntry[]> {
    return this.request('GET', `${EDITOR_API_PATHS.content}/${kind}`);
  }
  scheduled(): Promise<ScheduledEntry[]> {
    return this.request('GET', EDITOR_API_PATHS.scheduled);
  }
  closingSoon(): Promise<ClosingSoonJob[]> {
    return this.request('GET', EDITOR_API_PATHS.closingSoon);
  }
  item(kind: ContentKind, id: string): Promise<ContentItemStatus> {
    return this.request('GET', itemPath(kind, id));
  }
  save(kind: ContentKind, id: string, content: unknown): Promise<ContentItemStatus> {
    return this.request('PUT', itemPath(kind, id), content);
  }
  /** Publishes now, or at `at` (an ISO time) when given. */
  publish(kind: ContentKind, id: string, at?: string): Promise<ContentItemStatus> {
    return this.request('POST', `${itemPath(kind, id)}/publish`, at ? { at } : {});
  }
  unpublish(kind: ContentKind, id: string): Promise<ContentItemStatus> {
    return this.request('POST', `${itemPath(kind, id)}/unpublish`, {});
  }
  revisions(kind: ContentKind, id: string): Promise<RevisionEntry[]> {
    return this.request('GET', `${itemPath(kind, id)}/revisions`);
  }
  restore(kind: ContentKind, id: string, revision: number): Promise<ContentItemStatus> {
    return this.request('POST', `${itemPath(kind, id)}/restore`, { revision });
  }
  /** Sets this browser's preview cookie; the answer's url shows the item's latest revision. */
  preview(kind: ContentKind, id: string): Promise<{ url: string }> {
    return this.request('POST', `${itemPath(kind, id)}/preview`, {});
  }
  uploadImage(file: Blob): Promise<UploadedImage> {
    return this.request('POST', EDITOR_API_PATHS.images, file, file.type);
  }
}
