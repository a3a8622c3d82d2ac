/** How long a session lasts: 8 hours without a request, 7 days at most however busy; on a real SQLite file. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AccountService } from './editor-accounts';
import { openSqliteEditorStore } from './editor-store-sqlite';
import { SESSION_IDLE_MS, SessionService } from './editor-sessions';
import { SignInThrottle } from './sign-in-throttle';

const HOUR = 3_600_000;
let now = new Date('2026-11-22T08:00:00Z');
const clock = () => now;
const store = openSqliteEditorStore(fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-sessions-')));
const sessions = new SessionService({ store: async () => store, clock, throttle: new SignInThrottle(async () => store, clock) });
afterAll(() => store.close());

async function signedInId(email: string): Promise<string> {
  const accounts = new AccountService({ store: async () => store, siteUrl: 'https://site.example', clock });
  const link = await accounts.add(email, 'editor');
  expect(await accounts.setPassword(new URL(link).hash.slice('#token='.length), 'a long enough password')).toBe(true);
  return (await sessions.signIn(email, 'a long enough password', '203.0.113.7')).id;
}

describe('editor sessions', () => {
  it('end after 8 hours without a request, and not before', async () => {
    const id = await signedInId('idle@example.com');
    now = new Date(now.getTime() + SESSION_IDLE_MS - 1000);
    expect(await sessions.current(id)).toMatchObject({ email: 'idle@example.com' });
    now = new Date(now.getTime() + SESSION_IDLE_MS - 1000);
    expect(await sessions.current(id)).toMatchObject({ email: 'idle@example.com' });
    now = new Date(now.getTime() + SESSION_IDLE_MS + 1000);
    expect(await sessions.current(id)).toBeUndefined();
  });

  it('end 7 days after the sign-in even when used every few hours', async () => {
    const id = await signedInId('busy@example.com');
    const signedInAt = now.getTime();
    while (now.getTime() + 6 * HOUR <= signedInAt + 7 * 24 * HOUR) {
      now = new Date(now.getTime() + 6 * HOUR);
      expect(await sessions.current(id)).toBeDefined();
    }
    now = new Date(signedInAt + 7 * 24 * HOUR + 1000);
    expect(await sessions.current(id)).toBeUndefined();
  });
});
