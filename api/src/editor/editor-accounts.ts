/**
 * People accounts: added by an operator (the editors CLI) without a password, with a one-time link
 * to set one (`${SITE_URL}/editor/set-password#token=...`: the token rides in the fragment, which no
 * request, log or Referer carries). A link lasts 24 hours and works once; a new one from the CLI
 * replaces it, while one asked for by "Forgot your password?" is added beside it.
 */
import { editorEmailSchema, editorRoleSchema, type EditorRole } from '@cardlift/contracts';
import { Refused } from '../platform/errors';
import { AccountExists, type Account, type EditorStore } from './editor-store';
import { hashPassword, randomSecret, storedHash } from './editor-secrets';

export const SET_PASSWORD_LINK_HOURS = 24;
const HOUR_MS = 3_600_000;
/** Reset mails one account may be sent in an hour, however many addresses ask. */
export const RESET_MAILS_PER_HOUR = 5;
/** Who the audit names for a link someone asked for by "Forgot your password?". */
const FORGOT_PASSWORD_ACTOR = 'forgot_password';

/** A refusal a person can act on (bad e-mail, unknown account...): the CLI prints it and exits 1. */
export class AccountRefused extends Refused {
  constructor(message: string) {
    super('account_refused', message);
  }
}

export interface AccountServiceDeps {
  store(): Promise<EditorStore>;
  siteUrl: string;
  clock: () => Date;
}

export function normalizedEmail(raw: string): string {
  const parsed = editorEmailSchema.safeParse(raw);
  if (!parsed.success) throw new AccountRefused(`"${raw}" is not an e-mail address`);
  return parsed.data;
}

export function checkedRole(raw: string | undefined): EditorRole {
  const parsed = editorRoleSchema.safeParse(raw);
  if (!parsed.success) throw new AccountRefused(`--role must be editor or publisher, got "${raw ?? ''}"`);
  return parsed.data;
}

export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  private newLink(validMs = SET_PASSWORD_LINK_HOURS * HOUR_MS) {
    const token = randomSecret();
    const expiresAt = new Date(this.deps.clock().getTime() + validMs).toISOString();
    return { token, stored: { hash: storedHash(token), expiresAt }, link: `${this.deps.siteUrl}/editor/set-password#token=${token}` };
  }

  private audit(action: string, subject: string, actor: string) {
    return { actor, action, subject, at: this.deps.clock().toISOString() };
  }

  /** Creates the account and answers its set-password link. */
  async add(rawEmail: string, role: EditorRole, actor = 'cli'): Promise<string> {
    const email = normalizedEmail(rawEmail);
    const { stored, link } = this.newLink();
    const store = await this.deps.store();
    try {
      await store.addAccount({ email, role }, stored, this.audit('account_added', email, actor));
    } catch (error) {
      if (error instanceof AccountExists) throw new AccountRefused(error.message);
      throw error;
    }
    return link;
  }

  /** A new set-password link for the account (the previous one stops working), valid 24 hours or `validMs`. */
  async reset(rawEmail: string, actor = 'cli', validMs?: number): Promise<string> {
    const email = normalizedEmail(rawEmail);
    const { stored, link } = this.newLink(validMs);
    const store = await this.deps.store();
    if (!(await store.issueToken(email, stored, this.audit('link_issued', email, actor))))
      throw new AccountRefused(`${email} has no account`);
    return link;
  }

  /**
   * A reset link asked for by someone who says they forgot the password: added beside the account's
   * pending links (an invite is never cancelled by a stranger's request), at most
   * RESET_MAILS_PER_HOUR an hour per account. Undefined when refused (no account, or over the limit).
   */
  async requestedReset(email: string, validMs: number): Promise<string | undefined> {
    const { stored, link } = this.newLink(validMs);
    const store = await this.deps.store();
    const since = new Date(this.deps.clock().getTime() - HOUR_MS).toISOString();
    const added = await store.addToken(email, stored, this.audit('link_issued', email, FORGOT_PASSWORD_ACTOR), {
      max: RESET_MAILS_PER_HOUR,
      since,
    });
    return added === 'added' ? link : undefined;
  }

  async remove(rawEmail: string, actor = 'cli'): Promise<void> {
    const email = normalizedEmail(rawEmail);
    const store = await this.deps.store();
    if (!(await store.removeAccount(email, this.audit('account_removed', email, actor))))
      throw new AccountRefused(`${email} has no account`);
  }

  async list(): Promise<Account[]> {
    return (await this.deps.store()).accounts();
  }

  /** Sets the password with a link's token: false when the link was used, replaced or has expired. */
  async setPassword(token: string, password: string): Promise<boolean> {
    const store = await this.deps.store();
    const hash = storedHash(token);
    const email = await store.tokenOwner(hash, this.deps.clock().toISOString());
    if (!email) return false;
    return store.setPassword(hash, email, await hashPassword(password), this.deps.clock().toISOString());
  }
}
