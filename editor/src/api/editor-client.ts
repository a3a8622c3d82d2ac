/**
 * Every call the editor makes to the api, in one place (paths, headers, error bodies), so a path
 * that moves is changed here only. Writes carry the session's CSRF token (X-CSRF-Token); cookies
 * are same-origin. Errors become ApiError with the field issues of a 400 when the api names any.
 */
import {
  CSRF_HEADER,
  revisionEtag,
  type ContentItemState,
  type ContentItemStatus,
  type ContentKind,
  type ContentListEntry,
  type ContentRevision,
  type EditorSession,
  type ExperimentAnswer,
  type ExperimentCreateInput,
  type ExperimentReading,
  type ExperimentSampleSize,
  type PresenceEntry,
  type ScheduledEntry,
} from '@cardlift/contracts';

export const EDITOR_API_PATHS = {
  session: '/api/editor/session',
  password: '/api/editor/password',
  passwordReset: '/api/editor/password-reset',
  unlock: '/api/editor/unlock',
  presence: '/api/editor/presence',
  content: '/api/content',
  scheduled: '/api/content/scheduled',
  closingSoon: '/api/content/jobs/closing-soon',
  images: '/api/content/images',
  experiments: '/api/experiments',
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
    /** The answer's `details` as sent (a conflict's revisions, authors and fields). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What a 409 `stale` says: the revision the write was based on, the newer one, who saved since, when, and the fields that differ. */
export interface StaleDetails {
  baseRevision: number;
  latestRevision: number;
  changedBy: string[];
  changedAt: string;
  fields: string[];
}

type ErrorBody = { error?: unknown; code?: unknown; details?: { issues?: unknown } & Record<string, unknown> };

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
  const seconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
  return new ApiError(response.status, code, message, issues, seconds, body.details ?? {});
}

/** The revision a write is based on: the one the screen shows, or null for a new item (it must not exist yet). */
const basedOn = (base: number | null): Record<string, string> =>
  base === null ? { 'If-None-Match': '*' } : { 'If-Match': revisionEtag(base) };

const itemPath = (kind: ContentKind, id: string) => `${EDITOR_API_PATHS.content}/${kind}/${encodeURIComponent(id)}`;

export class EditorClient {
  private csrfToken = '';
  /** Told when the api says the session ended (expired, signed out elsewhere): the app asks to sign in again. */
  onSessionEnded: (() => void) | undefined;

  /**
   * Every call carries X-CSRF-Token (empty until signed in): writes need it, and it tells the api the
   * call is the editor's, so a call whose session is gone is answered "session ended" (401).
   */
  private async request<T>(
    method: string,
    path: string,
    body?: unknown,
    { contentType = 'application/json', headers: extra = {}, keepalive = false }: RequestOptions = {},
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', [CSRF_HEADER]: this.csrfToken, ...extra };
    if (body !== undefined) headers['Content-Type'] = contentType;
    const payload = body === undefined ? undefined : contentType === 'application/json' ? JSON.stringify(body) : (body as Blob);
    const response = await fetch(path, { method, headers, body: payload, credentials: 'same-origin', keepalive });
    if (!response.ok) {
      const error = await errorOf(response);
      if (error.code === 'session_ended') this.onSessionEnded?.();
      throw error;
    }
    return (response.status === 204 || response.status === 202 ? await optionalJson(response) : await response.json()) as T;
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

  /** Every experiment, newest first. */
  async experiments(): Promise<ExperimentAnswer[]> {
    return this.request<ExperimentAnswer[]>('GET', EDITOR_API_PATHS.experiments);
  }

  /** A draft experiment (checked by the api with experimentCreateSchema). */
  async createExperiment(plan: ExperimentCreateInput): Promise<ExperimentAnswer> {
    return this.request<ExperimentAnswer>('POST', EDITOR_API_PATHS.experiments, plan);
  }

  /** Starts, stops ({ reason? }) or ships ({ variant }) an experiment. */
  async experimentAction(id: string, action: 'start' | 'stop' | 'ship', body: object = {}): Promise<ExperimentAnswer> {
    return this.request<ExperimentAnswer>('POST', `${EDITOR_API_PATHS.experiments}/${encodeURIComponent(id)}/${action}`, body);
  }

  /** Visitors per arm for a baseline lead rate and a minimum lift: the api's own planning figure. */
  async experimentSampleSize(baselineRate: number, minimumLift: number): Promise<ExperimentSampleSize> {
    const query = new URLSearchParams({ baselineRate: String(baselineRate), minimumLift: String(minimumLift) });
    return this.request<ExperimentSampleSize>('GET', `${EDITOR_API_PATHS.experiments}/sample-size?${query}`);
  }

  /** What the server saw of an experiment so far. */
  async experimentResults(id: string): Promise<ExperimentReading> {
    return this.request<ExperimentReading>('GET', `${EDITOR_API_PATHS.experiments}/${encodeURIComponent(id)}/results`);
  }

  async signOut(): Promise<void> {
    await this.request<void>('DELETE', EDITOR_API_PATHS.session);
    this.csrfToken = '';
  }

  setPassword(token: string, password: string): Promise<void> {
    return this.request('POST', EDITOR_API_PATHS.password, { token, password });
  }
  /** Asks for a reset link by mail; `mail` says whether the site can send mail at all (the same for every address). */
  forgotPassword(email: string): Promise<{ mail: boolean }> {
    return this.request('POST', EDITOR_API_PATHS.passwordReset, { email });
  }
  unlock(token: string): Promise<void> {
    return this.request('POST', EDITOR_API_PATHS.unlock, { token });
  }
  /** Says this person has the item open; answers who else has it open, and where the item stands now. */
  present(kind: ContentKind, id: string): Promise<{ others: PresenceEntry[]; item?: ContentItemState | null }> {
    return this.request('POST', `${EDITOR_API_PATHS.presence}/${kind}/${encodeURIComponent(id)}`);
  }
  /** Says the person left the item (kept alive, so it is sent while the page unloads too). */
  leave(kind: ContentKind, id: string): Promise<void> {
    return this.request('POST', `${EDITOR_API_PATHS.presence}/${kind}/${encodeURIComponent(id)}/leave`, undefined, { keepalive: true });
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
  /** Saves a draft based on revision `base` (null: a new item); a newer revision answers 409 `stale`. */
  save(kind: ContentKind, id: string, content: unknown, base: number | null): Promise<ContentItemStatus> {
    return this.request('PUT', itemPath(kind, id), content, { headers: basedOn(base) });
  }
  /** Publishes revision `base` (the one the screen shows) now, or at `at` (an ISO time) when given. */
  publish(kind: ContentKind, id: string, base: number, at?: string, replaceSchedule = false): Promise<ContentItemStatus> {
    const body = { ...(at ? { at } : {}), ...(replaceSchedule ? { replaceSchedule } : {}) };
    return this.request('POST', `${itemPath(kind, id)}/publish`, body, { headers: basedOn(base) });
  }
  /** Takes the item off the site; `cancelSchedule` also ends a pending schedule (refused with 409 otherwise). */
  unpublish(kind: ContentKind, id: string, base: number, cancelSchedule = false): Promise<ContentItemStatus> {
    return this.request('POST', `${itemPath(kind, id)}/unpublish`, cancelSchedule ? { cancelSchedule } : {}, { headers: basedOn(base) });
  }
  revisions(kind: ContentKind, id: string): Promise<RevisionEntry[]> {
    return this.request('GET', `${itemPath(kind, id)}/revisions`);
  }
  restore(kind: ContentKind, id: string, revision: number, base: number): Promise<ContentItemStatus> {
    return this.request('POST', `${itemPath(kind, id)}/restore`, { revision }, { headers: basedOn(base) });
  }
  /** Sets this browser's preview cookie; the answer's url shows the item's latest revision. */
  preview(kind: ContentKind, id: string): Promise<{ url: string }> {
    return this.request('POST', `${itemPath(kind, id)}/preview`, {});
  }
  uploadImage(file: Blob): Promise<UploadedImage> {
    return this.request('POST', EDITOR_API_PATHS.images, file, { contentType: file.type });
  }
}

interface RequestOptions {
  contentType?: string;
  headers?: Record<string, string>;
  keepalive?: boolean;
}

async function optionalJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}
