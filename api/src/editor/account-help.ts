/**
 * Help for people who cannot sign in, by mail where SMTP_URL is set: "forgot password" sends a
 * one-time set-password link valid 30 minutes (using it ends every session of the account; asking
 * never cancels a link already sent, and an account gets at most RESET_MAILS_PER_HOUR), and an
 * account whose sign-ins from an address start to be delayed gets an unlock link, valid an hour, that
 * lifts the delay for the address it is opened from. Every answer is the same whether the account
 * exists or not, and the work for a real one happens after the answer.
 */
import { siteConfig } from '@cardlift/contracts';
import type { Logger } from '../platform/logger';
import { normalizedEmail, type AccountService } from './editor-accounts';
import type { EditorMailer } from './editor-mail';
import { randomSecret, storedHash } from './editor-secrets';
import type { EditorStore } from './editor-store';
import type { SignInThrottle } from './sign-in-throttle';

export const RESET_LINK_MINUTES = 30;
export const UNLOCK_LINK_MINUTES = 60;
const MINUTE_MS = 60_000;

export interface AccountHelpDeps {
  store(): Promise<EditorStore>;
  accounts: AccountService;
  throttle: SignInThrottle;
  mailer: EditorMailer;
  siteUrl: string;
  clock: () => Date;
  logger: Logger;
}

export class AccountHelp {
  constructor(private readonly deps: AccountHelpDeps) {}

  get mailConfigured(): boolean {
    return this.deps.mailer.configured;
  }

  /** Mails a reset link if an account has this address (and mail is set up); answers nothing either way. */
  forgotPassword(rawEmail: string): void {
    if (!this.deps.mailer.configured) return;
    setImmediate(
      () => void this.sendReset(rawEmail).catch((err: unknown) => this.deps.logger.error({ err }, 'password reset mail failed')),
    );
  }

  private async sendReset(rawEmail: string): Promise<void> {
    let email: string;
    try {
      email = normalizedEmail(rawEmail);
    } catch {
      return;
    }
    const link = await this.deps.accounts.requestedReset(email, RESET_LINK_MINUTES * MINUTE_MS);
    // No account, or its hour's reset mails were sent already: nothing more is sent.
    if (!link) return;
    this.deps.mailer.send({
      to: email,
      subject: `Reset your ${siteConfig.brandName} editor password`,
      text: [
        `Someone (we hope you) asked to reset the password of ${email} for the ${siteConfig.brandName} content editor.`,
        '',
        `Choose a new password within ${RESET_LINK_MINUTES} minutes with this link (it works once):`,
        link,
        '',
        'Setting it signs the account out everywhere. If you did not ask, ignore this mail: your password stays as it is.',
      ].join('\n'),
    });
  }

  /** The pair (account, address) just started to wait: the account's owner gets an unlock link. */
  throttled(email: string, address: string): void {
    if (!this.deps.mailer.configured) return;
    setImmediate(() => void this.sendUnlock(email, address).catch((err: unknown) => this.deps.logger.error({ err }, 'unlock mail failed')));
  }

  private async sendUnlock(email: string, address: string): Promise<void> {
    const { sql } = await this.deps.store();
    const now = this.deps.clock();
    const token = randomSecret();
    const written = await sql.transaction([
      { sql: 'DELETE FROM editor_unlock_tokens WHERE email = $1', params: [email] },
      {
        sql: 'INSERT INTO editor_unlock_tokens (token_hash, email, expires_at) SELECT $1, email, $3 FROM editor_accounts WHERE email = $2',
        params: [storedHash(token), email, new Date(now.getTime() + UNLOCK_LINK_MINUTES * MINUTE_MS).toISOString()],
        mustChange: true,
      },
    ]);
    if (!written) return;
    this.deps.mailer.send({
      to: email,
      subject: `Sign-ins to your ${siteConfig.brandName} editor account are being delayed`,
      text: [
        `Several wrong passwords were typed for ${email} from the address ${address}, so sign-ins from there now wait a little longer after each try.`,
        'Sign-ins from anywhere else are not affected.',
        '',
        `If it was you, open this link on the same device within ${UNLOCK_LINK_MINUTES} minutes to sign in without waiting (it works once):`,
        `${this.deps.siteUrl}/editor/unlock#token=${token}`,
        '',
        'If it was not you, nothing needs doing: your password still protects the account. To change it, use "Forgot your password?".',
      ].join('\n'),
    });
  }

  /** Uses an unlock link from `address`: false when it was used, replaced or has expired. */
  async unlock(token: string, address: string): Promise<boolean> {
    const { sql } = await this.deps.store();
    const at = this.deps.clock().toISOString();
    const hash = storedHash(token);
    const [owner] = await sql.query<{ email: string }>(
      'SELECT email FROM editor_unlock_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
      [hash, at],
    );
    if (!owner) return false;
    const used = await sql.transaction([
      {
        sql: 'UPDATE editor_unlock_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
        params: [hash, at],
        mustChange: true,
      },
      { sql: 'DELETE FROM editor_sign_in_failures WHERE email = $1 AND address = $2', params: [owner.email, address] },
      {
        sql: 'INSERT INTO editor_audit (actor, action, subject, at) VALUES ($1, $2, $3, $4)',
        params: [owner.email, 'unlocked', owner.email, at],
      },
    ]);
    return used;
  }
}
