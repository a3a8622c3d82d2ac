/**
 * Set-password links no stranger can take away, on SQLite and PostgreSQL: asking for a reset never
 * cancels an invite or an earlier link (each dies when used or when it runs out), an account is mailed
 * at most RESET_MAILS_PER_HOUR reset links an hour however many addresses ask, and once the password
 * is set the account's other links stop working.
 */
import { describeEachDatabase, storeOnFresh } from '../../test/databases';
import { editorStoreOnDatabase } from './open-editor-store';
import { createLogger } from '../platform/logger';
import { AccountHelp, RESET_LINK_MINUTES } from './account-help';
import { AccountService, RESET_MAILS_PER_HOUR } from './editor-accounts';
import type { EditorMail } from './editor-mail';
import type { EditorStore } from './editor-store';
import type { SignInThrottle } from './sign-in-throttle';

const tokenOf = (link: string) => /#token=([\w-]+)$/.exec(link)![1]!;
const MINUTE_MS = 60_000;

describeEachDatabase('set-password links', 'links_test', (database) => {
  let store: EditorStore;
  let drop: () => Promise<void>;
  let now: Date;
  let accounts: AccountService;
  let help: AccountHelp;
  const mails: EditorMail[] = [];
  beforeEach(async () => {
    ({ store, drop } = await storeOnFresh(database, editorStoreOnDatabase));
    now = new Date('2026-03-02T09:00:00Z');
    const clock = () => now;
    mails.length = 0;
    accounts = new AccountService({ store: async () => store, siteUrl: 'https://site.example', clock });
    help = new AccountHelp({
      store: async () => store,
      accounts,
      throttle: {} as SignInThrottle,
      mailer: { configured: true, send: (mail) => mails.push(mail) },
      siteUrl: 'https://site.example',
      clock,
      logger: createLogger('silent'),
    });
  });
  afterEach(async () => {
    await store.close();
    await drop();
  });

  /** "Forgot your password?" as the page sends it; the work runs after the answer, done once the audit names its link. */
  async function forgot(email: string, linksBefore: number): Promise<void> {
    help.forgotPassword(email);
    const issued = async () => (await store.auditTrail()).filter((e) => e.action === 'link_issued' && e.subject === email).length;
    for (let i = 0; i < 500 && (await issued()) <= linksBefore; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  it('keeps an invited editor’s set-password link working after a stranger asks for a reset', async () => {
    const invite = await accounts.add('new@example.com', 'editor');
    await forgot('new@example.com', 0);
    expect(mails).toHaveLength(1);
    expect(await accounts.setPassword(tokenOf(invite), 'a long new passphrase')).toBe(true);
    // Used, it works no more, and the reset link sent meanwhile has done its work too.
    expect(await accounts.setPassword(tokenOf(invite), 'another passphrase')).toBe(false);
    const reset = /set-password#token=([\w-]+)/.exec(mails[0]!.text)![1]!;
    expect(await accounts.setPassword(reset, 'another passphrase')).toBe(false);
  });

  it('keeps an earlier reset link working when another is asked for, until it runs out', async () => {
    await accounts.add('owner@example.com', 'editor');
    const first = await accounts.requestedReset('owner@example.com', RESET_LINK_MINUTES * MINUTE_MS);
    const second = await accounts.requestedReset('owner@example.com', RESET_LINK_MINUTES * MINUTE_MS);
    expect(second).toBeTruthy();
    expect(await accounts.setPassword(tokenOf(first!), 'a long new passphrase')).toBe(true);
    const third = await accounts.requestedReset('owner@example.com', RESET_LINK_MINUTES * MINUTE_MS);
    now = new Date(now.getTime() + (RESET_LINK_MINUTES + 1) * MINUTE_MS);
    expect(await accounts.setPassword(tokenOf(third!), 'another passphrase')).toBe(false);
  });

  it(`mails one account at most ${RESET_MAILS_PER_HOUR} reset links an hour`, async () => {
    await accounts.add('busy@example.com', 'editor');
    const links = [];
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 3; i += 1) {
      links.push(await accounts.requestedReset('busy@example.com', RESET_LINK_MINUTES * MINUTE_MS));
      now = new Date(now.getTime() + MINUTE_MS);
    }
    expect(links.filter(Boolean)).toHaveLength(RESET_MAILS_PER_HOUR);
    // Every link mailed still works (the first is used here).
    expect(await accounts.setPassword(tokenOf(links[0]!), 'a long new passphrase')).toBe(true);
    // An hour after the first, one more may be sent.
    now = new Date(now.getTime() + 60 * MINUTE_MS);
    expect(await accounts.requestedReset('busy@example.com', RESET_LINK_MINUTES * MINUTE_MS)).toBeTruthy();
    expect(await accounts.requestedReset('nobody@example.com', RESET_LINK_MINUTES * MINUTE_MS)).toBeUndefined();
  });
});
