/**
 * The editor's people accounts: what the sign-in, the session and the set-password calls take and
 * answer (`/api/editor/*`), and the content API's two lists. The api checks requests with these
 * schemas; the editor pages type their calls with them.
 */
import { z } from './z';
import { CONTENT_KINDS, contentStateSchema } from './content';

/** A person's role: an editor saves drafts, restores and previews; a publisher also publishes, schedules and unpublishes. */
export const EDITOR_ROLES = ['editor', 'publisher'] as const;
export const editorRoleSchema = z.enum(EDITOR_ROLES);
export type EditorRole = z.infer<typeof editorRoleSchema>;

/** The session cookie (HttpOnly, SameSite=Strict) and the header every write made with it carries. */
export const EDITOR_SESSION_COOKIE = 'cardlift_editor';
export const CSRF_HEADER = 'X-CSRF-Token';
/** What a request made with an ended session (expired, signed out elsewhere, password reset) is told: 401 `session_ended`. */
export const SESSION_ENDED = 'Your session ended: sign in again';
/** Shorter passphrases are refused when a password is set. */
export const EDITOR_PASSWORD_MIN_LENGTH = 12;
/** Longer is no stronger, and bounds what one sign-in costs the server. */
const EDITOR_PASSWORD_MAX_LENGTH = 256;

/** E-mail addresses are compared in lower case: one person, one account, however it is typed. */
export const editorEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid e-mail address' }));

/** POST /api/editor/session */
export const signInRequestSchema = z
  .object({
    email: z.string().max(320, 'Enter a valid e-mail address'),
    password: z.string().min(1, 'Enter your password').max(EDITOR_PASSWORD_MAX_LENGTH, 'Password is too long'),
  })
  .strict();

/** POST /api/editor/password: the one-time link's token and the new password. */
export const setPasswordRequestSchema = z
  .object({
    token: z.string().min(1, 'The link has no token').max(200, 'The link is not valid'),
    password: z
      .string()
      .min(EDITOR_PASSWORD_MIN_LENGTH, `Use at least ${EDITOR_PASSWORD_MIN_LENGTH} characters`)
      .max(EDITOR_PASSWORD_MAX_LENGTH, `Use at most ${EDITOR_PASSWORD_MAX_LENGTH} characters`),
  })
  .strict();

/** POST and GET /api/editor/session answer this. */
export const editorSessionSchema = z.object({
  user: z.object({ email: z.string(), role: editorRoleSchema }),
  csrfToken: z.string(),
});
export type EditorSession = z.infer<typeof editorSessionSchema>;

/** GET /api/content/{kind}: one row per item; `author` saved the latest revision. */
export const contentListEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  state: contentStateSchema,
  author: z.string(),
  updatedAt: z.string(),
  publishAt: z.string().nullable(),
  liveRevision: z.number().int().nullable(),
  latestRevision: z.number().int(),
});
export type ContentListEntry = z.infer<typeof contentListEntrySchema>;

/** GET /api/content/scheduled: every scheduled item, soonest first. */
export const scheduledEntrySchema = z.object({
  kind: z.enum(CONTENT_KINDS),
  id: z.string(),
  title: z.string(),
  publishAt: z.string(),
  author: z.string(),
});
export type ScheduledEntry = z.infer<typeof scheduledEntrySchema>;

/** How often an open item screen tells the api it is there (POST /api/editor/presence/{kind}/{id}). */
export const PRESENCE_REFRESH_MS = 5_000;

/** Another person with the same item open, since when (ISO time). */
export interface PresenceEntry {
  email: string;
  since: string;
}

/** POST /api/editor/password-reset: the address to send a one-time link to. */
export const passwordResetRequestSchema = z.object({ email: z.string().max(320, 'Enter a valid e-mail address') }).strict();
/** POST /api/editor/unlock: the mailed link's token. */
export const unlockRequestSchema = z
  .object({ token: z.string().min(1, 'The link has no token').max(200, 'The link is not valid') })
  .strict();
