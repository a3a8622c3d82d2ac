/**
 * The editor as a marketer tries it for an hour, in Chromium: every refusal (409, 413, 422) shown on
 * screen beside its action; an image without alt text refused, and its alt text on the public page
 * (axe finds nothing there); leaving with unsaved edits asks first, and edits of a closed tab are
 * offered back; publishing asks first naming the address, a past time is refused and the time zone
 * shown; the preview bar on every previewed page and on none other, until "Exit preview"; an
 * expired session keeps the form. With EDITOR_SHOTS_DIR set, each outcome is also photographed at
 * 1366 and 390 px wide into that folder (for a review; nothing is compared).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { addPerson, drawnPng, expectVisible, field, outcome, SHOTS, shot, signedInPage } from './support/editor-people';
import { startSite, type Site } from './support/site';

const TOKEN = crypto.randomBytes(16).toString('hex');
const PUB = 'pia.trust@cardlift.example';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const ZONE = 'Europe/Berlin';

let site: Site;
let browser: Browser;
let pia: Page;

beforeAll(async () => {
  site = await startSite({ CONTENT_TOKEN_PUBLISHER: `${crypto.createHash('sha256').update(TOKEN).digest('hex')}:publisher` });
  browser = await launchBrowser();
  await addPerson(site, PUB, 'publisher');
  pia = await signedInPage(browser, site, PUB, { viewport: { width: 1280, height: 900 }, timezoneId: ZONE });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const api = (method: string, what: string, body?: unknown) =>
  fetch(`${site.baseUrl}/api/content/${what}`, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', 'If-Match': '*' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function openItem(page: Page, what: string) {
  await page.goto(`${site.baseUrl}/editor/${what}`);
  await page.getByRole('button', { name: 'Save draft' }).waitFor();
}

describe('refusals on screen', () => {
  it('shows a 422 for a banner link stored before the link rule, beside Publish now', async () => {
    // As a release before the rule left it: written straight into the database.
    const db = new Database(path.join(site.dataDir, 'leads.sqlite'));
    const item = db.prepare("SELECT uid, latest_revision FROM content_items WHERE kind = 'banners'").get() as {
      uid: string;
      latest_revision: number;
    };
    const body = { primary: { text: 'Win a prize', link: 'javascript:alert(document.cookie)' }, secondary: null };
    const next = item.latest_revision + 1;
    db.prepare('INSERT INTO content_revisions (uid, revision, item_id, body, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?)').run(
      item.uid,
      next,
      'site',
      JSON.stringify(body),
      new Date().toISOString(),
      'an older release',
    );
    db.prepare('UPDATE content_items SET latest_revision = ? WHERE uid = ?').run(next, item.uid);
    db.close();

    await openItem(pia, 'banners/site');
    await pia.getByRole('button', { name: 'Publish now' }).click();
    await pia.getByRole('dialog').getByRole('button', { name: 'Publish now' }).click();
    await expectVisible(outcome(pia).filter({ hasText: /^Not published: The saved revision breaks the content rules/ }));
    await expectVisible(outcome(pia).filter({ hasText: 'javascript' }));
    await shot(pia, 'refused-422-stored-link');
    expect(((await (await fetch(`${site.baseUrl}/api/banners`)).json()) as { primary: { link: string } }).primary.link).not.toContain(
      'javascript',
    );
  });

  it('shows a 409 for a banner whose post does not exist, beside Publish now', async () => {
    const banners = {
      primary: { text: 'Coffee shops, meet card-linked offers', link: '/blog/coffee-shop-offers' },
      secondary: { text: 'New: offers for coffee shops', link: '/blog/coffee-shop-offers', blogPostId: 'coffee-shop-offers' },
    };
    expect((await api('PUT', 'banners/site', banners)).status).toBe(200);
    await openItem(pia, 'banners/site');
    await pia.getByRole('button', { name: 'Publish now' }).click();
    await pia.getByRole('dialog').getByRole('button', { name: 'Publish now' }).click();
    await expectVisible(outcome(pia).filter({ hasText: /^Not published: .*no blog post "coffee-shop-offers"\. Fix that first/ }));
    await shot(pia, 'refused-409-missing-post');
  });

  it('shows a 413 for an image over 10 MB beside its upload', async () => {
    await openItem(pia, 'blog/offers-api-announcement');
    await field(pia, 'heroImage-file').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(11 * 1024 * 1024) });
    const refused = pia.getByRole('alert').filter({ hasText: /^The image is too large/ });
    await expectVisible(refused);
    await shot(pia, 'refused-413-upload', refused);
  });
});

describe('images carry alt text', () => {
  it('refuses to save an image without alt text, and the public page renders the alt text, with no axe violation', async () => {
    await openItem(pia, 'blog/publishers-announcement');
    await field(pia, 'heroImage-file').setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: await drawnPng(pia) });
    await expectVisible(pia.getByText(/^hero\.png uploaded/));
    await field(pia, 'heroImageAlt').fill('');
    await pia.getByRole('button', { name: 'Save draft' }).click();
    const summary = pia.getByRole('alert', { name: 'The item was not saved' });
    await expectVisible(summary.getByText(/needs alt text, or mark the image as decorative/));
    await expectVisible(pia.locator('#field-heroImageAlt-error'));
    await expectVisible(outcome(pia).filter({ hasText: 'Not saved: 1 field needs attention, listed at the top of the form.' }));
    await shot(pia, 'refused-400-alt-text', summary);

    await field(pia, 'heroImageAlt').fill('Burgundy square: the publishers programme');
    await field(pia, 'heroImageCaption').fill('Rewards inside the apps readers already use');
    await pia.getByRole('button', { name: 'Save draft' }).click();
    await expectVisible(outcome(pia).filter({ hasText: /^Saved \d\d:\d\d: revision \d+, a draft/ }));
    await shot(pia, 'saved');
    await pia.getByRole('button', { name: 'Publish now' }).click();
    await pia.getByRole('dialog').getByRole('button', { name: 'Publish now' }).click();
    await expectVisible(outcome(pia).filter({ hasText: /^Published \d\d:\d\d: revision \d+ is live at http/ }));
    await shot(pia, 'published');

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${site.baseUrl}/blog/publishers-announcement`);
    await expectVisible(visitor.getByRole('img', { name: 'Burgundy square: the publishers programme' }));
    await expectVisible(visitor.getByText('Rewards inside the apps readers already use'));
    const results = await new AxeBuilder({ page: visitor as never }).withTags(TAGS).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await visitor.context().close();
  });
});

describe('no work lost', () => {
  it('asks before leaving with unsaved edits, inside the editor and when the tab closes', async () => {
    await openItem(pia, 'blog/merchants-announcement');
    await field(pia, 'title').fill('An edit not saved yet');
    await pia.getByRole('link', { name: 'Back to the content' }).click();
    const leave = pia.getByRole('dialog', { name: 'Leave without saving?' });
    await expectVisible(leave);
    await shot(pia, 'leave-prompt', leave);
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    expect(pia.url()).toContain('/editor/blog/merchants-announcement');
    expect(await field(pia, 'title').inputValue()).toBe('An edit not saved yet');

    const asked = new Promise<string>((resolve) =>
      pia.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.accept();
      }),
    );
    await pia.reload();
    expect(await asked).toBe('beforeunload');
  });

  it('offers back the edits of a tab that was closed', async () => {
    const tab = await pia.context().newPage();
    await openItem(tab, 'blog/measuring-incrementality');
    await field(tab, 'excerpt').fill('Kept by the browser while I typed');
    await tab.waitForFunction(() => Object.keys(localStorage).some((key) => localStorage.getItem(key)?.includes('Kept by the browser')));
    await tab.close();

    const again = await pia.context().newPage();
    await openItem(again, 'blog/measuring-incrementality');
    const offer = again.getByRole('region', { name: /^You have unsaved changes from/ });
    await expectVisible(offer);
    await shot(again, 'draft-offered', offer);
    await offer.getByRole('button', { name: 'Restore my changes' }).click();
    expect(await field(again, 'excerpt').inputValue()).toBe('Kept by the browser while I typed');
    await again.close();
  });

  it('keeps the form when the session ended, and saves it once signed in again', async () => {
    await openItem(pia, 'blog/transactional-data-announcement');
    await field(pia, 'title').fill('Typed before the session ended');
    // The session ends elsewhere: another tab of the same browser signs out.
    const other = await pia.context().newPage();
    await other.goto(`${site.baseUrl}/editor`);
    await other.getByRole('button', { name: 'Sign out' }).click();
    await other.getByRole('heading', { name: 'Sign in to the content editor' }).waitFor();
    await other.close();

    // The open screen may learn it first (its presence call every few seconds): then the press lands
    // under the dialog, which asks the same. Dispatched, so it does not wait for a control it may not reach.
    await pia.locator('button[type=submit]', { hasText: 'Save draft' }).dispatchEvent('click');
    const ended = pia.getByRole('dialog', { name: 'Your session ended: sign in again' });
    await expectVisible(ended);
    await shot(pia, 'session-ended', ended);
    await ended.getByLabel('Password').fill('a long enough passphrase for tests');
    await ended.getByRole('button', { name: 'Sign in' }).click();
    await ended.waitFor({ state: 'hidden' });
    expect(await field(pia, 'title').inputValue()).toBe('Typed before the session ended');
    await pia.getByRole('button', { name: 'Save draft' }).click();
    await expectVisible(outcome(pia).filter({ hasText: /^Saved / }));
  });
});

describe('publishing on purpose', () => {
  it('asks before publishing and unpublishing, naming the page and its address', async () => {
    await openItem(pia, 'casestudies/tandem-rides-case-study');
    await pia.getByRole('button', { name: 'Publish now' }).click();
    const publish = pia.getByRole('dialog', { name: /^Publish “.+” now\?$/ });
    await expectVisible(publish.getByText(`${site.baseUrl}/case-studies/tandem-rides-case-study`));
    await shot(pia, 'confirm-publish', publish);
    await publish.getByRole('button', { name: 'Cancel' }).click();
    await pia.getByRole('button', { name: 'Unpublish' }).click();
    const unpublish = pia.getByRole('dialog', { name: /^Take “.+” off the site\?$/ });
    await expectVisible(unpublish.getByText(`${site.baseUrl}/case-studies/tandem-rides-case-study`));
    await unpublish.getByRole('button', { name: 'Unpublish' }).click();
    await expectVisible(outcome(pia).filter({ hasText: /^Unpublished \d\d:\d\d: .*no longer shows it\.$/ }));
    await shot(pia, 'unpublished');
  });

  it('shows the time zone with its UTC offset, refuses a past time and schedules a future one', async () => {
    await openItem(pia, 'casestudies/tandem-rides-case-study');
    await expectVisible(pia.getByText(`(your time: ${ZONE} (UTC+01:00))`));
    await pia.getByLabel(/^Publish at/).fill('2020-01-01T09:30');
    await expectVisible(pia.getByText('That is 2020-01-01 08:30 UTC.'));
    await pia.getByRole('button', { name: 'Schedule' }).click();
    await expectVisible(outcome(pia).filter({ hasText: 'Not scheduled: 2020-01-01 08:30 UTC has already passed.' }));
    await shot(pia, 'refused-past-time');
    await pia.getByLabel(/^Publish at/).fill('2031-01-01T09:30');
    await pia.getByRole('button', { name: 'Schedule' }).click();
    await expectVisible(outcome(pia).filter({ hasText: /^Scheduled: revision \d+ goes live .*, which is 2031-01-01 08:30 UTC\.$/ }));
    await shot(pia, 'scheduled');
  });

  it('shows the differences before a restore', async () => {
    await openItem(pia, 'blog/transactional-data-announcement');
    await pia.getByRole('button', { name: 'Restore revision 1' }).click();
    const restore = pia.getByRole('dialog', { name: 'Restore revision 1?' });
    await expectVisible(restore.getByText(/^Current: revision \d+$/).first());
    await shot(pia, 'restore-diff', restore);
    await restore.getByRole('button', { name: 'Restore revision 1' }).click();
    await expectVisible(outcome(pia).filter({ hasText: /^Revision 1 restored as a new draft/ }));
    await shot(pia, 'restored');
  });
});

describe('the preview bar', () => {
  it('is on every page of a previewing browser, outside the page, on none elsewhere, and "Exit preview" ends it', async () => {
    await openItem(pia, 'blog/offers-network-announcement');
    const [tab] = await Promise.all([pia.context().waitForEvent('page'), pia.getByRole('button', { name: 'Preview' }).click()]);
    await tab.waitForURL(`${site.baseUrl}/blog/offers-network-announcement`);
    await expectVisible(outcome(pia).filter({ hasText: /^Preview opened in a new tab/ }));
    await shot(pia, 'preview-opened');
    const bar = tab.getByRole('complementary', { name: 'Preview' });
    for (const pagePath of ['/blog/offers-network-announcement', '/', '/blog', '/company/about-us', '/no-such-page']) {
      await tab.goto(`${site.baseUrl}${pagePath}`);
      await expectVisible(bar.getByText('Preview: not live.'));
      await expectVisible(bar.getByText(/Blog post “.+”, revision \d+/));
      // Outside the page's root, fixed: the page's own layout starts where it always does.
      expect(await tab.evaluate(() => document.getElementById('cardlift-preview-bar')!.parentElement === document.body)).toBe(true);
      expect(await tab.evaluate(() => getComputedStyle(document.getElementById('cardlift-preview-bar')!).position)).toBe('fixed');
    }
    if (SHOTS) await tab.screenshot({ path: path.join(SHOTS, 'preview-bar-1280.png') });

    const stranger = await browser.newPage();
    await stranger.goto(`${site.baseUrl}/blog/offers-network-announcement`);
    expect(await stranger.locator('#cardlift-preview-bar').count()).toBe(0);
    await stranger.close();

    await tab.goto(`${site.baseUrl}/blog`);
    await bar.getByRole('link', { name: 'Exit preview' }).click();
    await tab.waitForURL(`${site.baseUrl}/blog`);
    await tab.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await tab.locator('#cardlift-preview-bar').count()).toBe(0);
    await tab.goto(`${site.baseUrl}/blog/offers-network-announcement`);
    expect(await tab.locator('#cardlift-preview-bar').count()).toBe(0);
    await tab.close();
  });
});
