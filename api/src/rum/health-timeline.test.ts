/**
 * GET /api/releases/{remote}/health/timeline and the page that draws it (/releases/health): slots cut
 * by the window, p75 read within one histogram bucket, the audit trail's moves, the same token rules
 * as /health, and a page that answers only a post from this site with the right token.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { ReleaseTimeline } from '@cardlift/contracts';
import { createApp } from '../app';
import { loadConfig } from '../app-config';
import { bucketOf } from './histogram';
import { openSqliteRumStore } from './rum-sql';
import { rumRow as row } from '../../test/rum-rows';

const TOKEN = 'invest-release-token';
const sha = (t: string) => crypto.createHash('sha256').update(t).digest('hex');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-timeline-'));
const config = loadConfig({
  ...process.env,
  SITE_ROOT: root,
  DATA_DIR: path.join(root, 'data'),
  LOG_LEVEL: 'silent',
  RELEASE_TOKEN_MF_INVEST: sha(TOKEN),
});
const app = createApp({ config });
const server = app.koa.callback();
const nowMinute = () => Math.floor(Date.now() / 60_000);

beforeAll(async () => {
  await app.start();
  const minute = nowMinute();
  const inp = new Map<number, number>();
  // INP of 400 views spread evenly over 1..400 ms: the true p75 is 300 ms.
  for (let ms = 1; ms <= 400; ms++) inp.set(bucketOf(ms), (inp.get(bucketOf(ms)) ?? 0) + 1);
  const rum = openSqliteRumStore(config.dataDir);
  await rum.add([
    row(minute, '2.0.0', 'views', 0, 400),
    row(minute, '2.0.0', 'error_views', 0, 6),
    ...[...inp].map(([bucket, count]) => row(minute, '2.0.0', 'inp', bucket, count)),
    row(minute - 60, '1.9.0', 'views', 0, 10),
    row(minute - 25 * 60, '1.8.0', 'views', 0, 5),
  ]);
  await rum.close();
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const event = (
    action: 'release' | 'candidate' | 'rollback' | 'canary' | 'step' | 'schedule' | 'schedule-refused' | 'import',
    version: string,
    fromVersion: string | null,
    minutesAgo: number,
    more: { actor?: string; details?: string } = {},
  ) => ({
    remote: 'mf_invest' as const,
    action,
    version,
    fromVersion,
    actor: 'RELEASE_TOKEN_MF_INVEST',
    gitSha: null,
    at: at(minutesAgo),
    ...more,
  });
  await (
    await app.registryStore()
  ).commit({
    remote: 'mf_invest',
    expectedRevision: 0,
    current: '1.9.0',
    // The registry's records of every version shown: the health views show no version it does not know.
    upsert: ['1.8.0', '1.9.0', '2.0.0', '2.1.0'].map((version, position) => ({
      remote: 'mf_invest' as const,
      version,
      state: 'released' as const,
      position,
      createdAt: at(30 * 60),
      createdBy: 'RELEASE_TOKEN_MF_INVEST',
      gitSha: null,
      rolledBackAt: null,
    })),
    events: [
      event('release', '1.8.0', null, 30 * 60),
      event('release', '2.0.0', '1.9.0', 50),
      event('candidate', '2.1.0', null, 40),
      event('canary', '2.1.0', '2.0.0', 39),
      event('step', '2.1.0', '2.0.0', 35, { actor: 'guard', details: JSON.stringify({ rule: 'bake-elapsed', share: 10 }) }),
      event('schedule', '2.1.0', '2.0.0', 30, { details: JSON.stringify({ at: '2026-12-01T14:00:00.000Z', share: 100 }) }),
      event('schedule-refused', '2.1.0', '2.0.0', 25, {
        actor: 'scheduler',
        details: JSON.stringify({ at: '2026-12-01T14:00:00.000Z', share: 100, reason: 'a canary of 2.1.0 runs at 50 %' }),
      }),
      event('rollback', '1.9.0', '2.0.0', 20),
      event('import', '1.9.0', null, 10),
    ],
  });
});
afterAll(() => app.close());

const timeline = (query = '', token = TOKEN) =>
  request(server).get(`/api/releases/mf_invest/health/timeline${query}`).set('Authorization', `Bearer ${token}`);

describe('GET /api/releases/{remote}/health/timeline', () => {
  it('cuts the window into slots sized by its length, each version with every slot, the last one holding now', async () => {
    for (const [hours, slotMinutes] of [
      [1, 1],
      [6, 5],
      [24, 15],
      [72, 60],
      [336, 60],
    ] as const) {
      const answer = await timeline(`?hours=${hours}`);
      expect(answer.status).toBe(200);
      const body = answer.body as ReleaseTimeline;
      expect(body).toMatchObject({ remote: 'mf_invest', hours, slotMinutes });
      expect(Date.parse(body.to) - Date.parse(body.from)).toBe(hours * 3_600_000);
      expect(Date.parse(body.to)).toBeGreaterThan(Date.now());
      for (const version of body.versions) expect(version.slots).toHaveLength((hours * 60) / slotMinutes);
    }
  });

  it('counts views in their slot, leaves out what is older than the window, and reads p75 within one histogram bucket', async () => {
    const body = (await timeline('?hours=24')).body as ReleaseTimeline;
    // Both versions with views in the window, 1.8.0's being older than it. Their order puts the current
    // version first once the registry follower has read the commit above, which is a matter of timing.
    expect(body.versions.map((v) => v.version).sort()).toEqual(['1.9.0', '2.0.0']);
    const fresh = body.versions.find((v) => v.version === '2.0.0');
    const older = body.versions.find((v) => v.version === '1.9.0');
    // The slot holding the views is the last, or the one before if the clock crossed a slot since they were written.
    const viewed = fresh?.slots.findIndex((s) => s.views > 0) ?? -1;
    expect(viewed).toBeGreaterThanOrEqual(94);
    const last = fresh?.slots[viewed];
    expect(last).toMatchObject({ views: 400, errorsPer100: 1.5 });
    expect(last?.p75.inp).toBeGreaterThan(300 / 1.1);
    expect(last?.p75.inp).toBeLessThan(300 * 1.1);
    const olderSlot = older?.slots.find((s) => s.views > 0);
    expect(olderSlot?.views).toBe(10);
    expect(Date.now() - Date.parse(olderSlot?.start ?? '')).toBeGreaterThanOrEqual(60 * 60_000);
    expect(Date.now() - Date.parse(olderSlot?.start ?? '')).toBeLessThan(76 * 60_000);
    expect(older?.slots.filter((s) => s.views > 0)).toHaveLength(1);
    const others = fresh?.slots.filter((_, i) => i !== viewed);
    expect(others?.every((s) => s.views === 0 && s.p75.inp === null && s.errorsPer100 === null)).toBe(true);
  });

  it("marks every registry move in the window (candidate, canary, the guard's steps with their rule, schedules), and nothing else", async () => {
    const { events } = (await timeline('?hours=24')).body as ReleaseTimeline;
    expect(events.map((e) => [e.action, e.version, e.actor, e.rule ?? null, e.note ?? null])).toEqual([
      ['release', '2.0.0', 'RELEASE_TOKEN_MF_INVEST', null, null],
      ['candidate', '2.1.0', 'RELEASE_TOKEN_MF_INVEST', null, null],
      ['canary', '2.1.0', 'RELEASE_TOKEN_MF_INVEST', null, null],
      ['step', '2.1.0', 'guard', 'bake-elapsed', null],
      ['schedule', '2.1.0', 'RELEASE_TOKEN_MF_INVEST', null, 'for 2026-12-01T14:00:00.000Z at 100 %'],
      ['schedule-refused', '2.1.0', 'scheduler', null, 'refused at its time: a canary of 2.1.0 runs at 50 %'],
      ['rollback', '1.9.0', 'RELEASE_TOKEN_MF_INVEST', null, null],
    ]);
    expect((await timeline('?hours=72')).body.events).toHaveLength(8);
  });

  it('has a one-hour window in one-minute slots, and refuses "since the canary started" when none runs', async () => {
    const hour = (await timeline('?hours=1')).body as ReleaseTimeline;
    expect(hour.slotMinutes).toBe(1);
    expect(hour.versions[0]?.slots).toHaveLength(60);
    const none = await timeline('?since=canary');
    expect(none.status).toBe(409);
    expect(none.body.error).toBe('mf_invest runs no canary: choose a window in hours');
  });

  it('asks for the release token and a window within the retention, as /health does', async () => {
    expect((await request(server).get('/api/releases/mf_invest/health/timeline')).status).toBe(401);
    expect((await timeline('', 'wrong')).status).toBe(401);
    expect((await request(server).get('/api/releases/mf_company/health/timeline').set('Authorization', `Bearer ${TOKEN}`)).status).toBe(
      404,
    );
    expect((await request(server).get('/api/releases/mf_nowhere/health/timeline').set('Authorization', `Bearer ${TOKEN}`)).status).toBe(
      404,
    );
    for (const hours of ['0', '1.5', 'x', String(config.rumRetentionDays * 24 + 1)]) {
      const answer = await timeline(`?hours=${hours}`);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('invalid_hours');
    }
  });
});

const post = (fields: Record<string, string>, headers: Record<string, string> = { 'Sec-Fetch-Site': 'same-origin' }) =>
  request(server).post('/releases/health').type('form').set(headers).send(fields);

describe('/releases/health', () => {
  it('asks for a section and its token on a private page kept out of search', async () => {
    const answer = await request(server).get('/releases/health');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-robots-tag']).toMatch(/noindex/);
    expect(answer.text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(answer.text).toMatch(/<form method="post" action="\/releases\/health"/);
    expect(answer.text).toContain('<option value="mf_invest">Invest (mf_invest)</option>');
    expect(answer.text).not.toMatch(/<script|<style/);
  });

  it('draws both versions and the moves for the right token, and never writes the token back', async () => {
    const answer = await post({ remote: 'mf_invest', hours: '24', token: TOKEN });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.text).not.toContain(TOKEN);
    expect(answer.text).toContain('<svg role="img" aria-labelledby="inp-chart-title"');
    expect(answer.text).toContain('data-version="2.0.0"');
    expect(answer.text).toContain('data-version="1.9.0"');
    expect(answer.text).toContain('rollback to 1.9.0');
    // A mark for each move, on each chart.
    for (const action of ['release', 'candidate', 'canary', 'step', 'schedule', 'schedule-refused', 'rollback'])
      expect(answer.text.match(new RegExp(`<g data-event="${action}">`, 'g'))).toHaveLength(2);
    expect(answer.text).toContain('step 2.1.0 (guard: bake-elapsed)');
    // Either version may be described first: the order follows the timeline's, which depends on the hour the test runs.
    expect(answer.text).toMatch(/<desc id="inp-chart-desc">[^<]*\b2\.0\.0: latest \d+ ms/);
  });

  it('says what is wrong with a wrong token, a missing one or an unknown section, showing nothing', async () => {
    const wrong = await post({ remote: 'mf_invest', hours: '24', token: 'guess' });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('That token is not the release token of mf_invest');
    expect(wrong.text).not.toContain('<svg role="img"');
    expect((await post({ remote: 'mf_invest', hours: '24', token: ' ' })).status).toBe(400);
    expect((await post({ remote: 'mf_elsewhere', hours: '24', token: TOKEN })).status).toBe(400);
    expect((await post({ remote: 'mf_company', hours: '24', token: TOKEN })).text).toContain('has no release token configured');
  });

  it('refuses a post from another site', async () => {
    const forged = await post({ remote: 'mf_invest', hours: '24', token: TOKEN }, { 'Sec-Fetch-Site': 'cross-site' });
    expect(forged.status).toBe(403);
    expect(forged.text).not.toContain('<svg');
    expect((await post({ remote: 'mf_invest', hours: '24', token: TOKEN }, { Origin: 'https://evil.example' })).status).toBe(403);
  });
});
