/**
 * Every editor screen on a 390 px wide phone: each control (link, button, field) lies wholly inside
 * the viewport's width and no two controls overlap: the sign-in and forgotten-password screens, the
 * lists, each kind's form with its publishing actions, a new item, the conflict screen and the
 * dialogs (with a dialog open, its own controls are the ones a person can reach).
 */
import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE } from './support/browser';
import { addPerson, expectVisible, field, signedInPage } from './support/editor-people';
import { startSite, type Site } from './support/site';

const TOKEN = crypto.randomBytes(16).toString('hex');
const PUB = 'phil.phone@cardlift.example';
let site: Site;
let browser: Browser;
let phone: Page;

beforeAll(async () => {
  site = await startSite({ CONTENT_TOKEN_PUBLISHER: `${crypto.createHash('sha256').update(TOKEN).digest('hex')}:publisher` });
  browser = await launchBrowser();
  await addPerson(site, PUB, 'publisher');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** The controls cut off by the viewport's edges, and the pairs that overlap (empty when the screen fits). */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const modal = document.querySelector('dialog[open]');
    const scope: ParentNode = modal ?? document;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const controls = [...scope.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea')].filter((el) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && style.display !== 'none';
    });
    const boxes = controls.map((el) => ({ el, box: el.getBoundingClientRect() }));
    const problems: string[] = [];
    for (const { el, box } of boxes) {
      if (box.left < -0.5 || box.right > width + 0.5)
        problems.push(`${name(el)} is cut off: ${Math.round(box.left)}..${Math.round(box.right)} of ${width}`);
    }
    for (let i = 0; i < boxes.length; i += 1) {
      for (let j = i + 1; j < boxes.length; j += 1) {
        const a = boxes[i]!.box;
        const b = boxes[j]!.box;
        const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (x > 1 && y > 1) problems.push(`${name(boxes[i]!.el)} overlaps ${name(boxes[j]!.el)}`);
      }
    }
    return problems;
  });
}

async function fits(page: Page, screen: string): Promise<void> {
  expect({ screen, problems: await layoutProblems(page) }).toEqual({ screen, problems: [] });
}

it('fits the screens reached without signing in', async () => {
  const page = await (await browser.newContext(PHONE)).newPage();
  await page.goto(`${site.baseUrl}/editor`);
  await page.getByRole('heading', { name: 'Sign in to the content editor' }).waitFor();
  await fits(page, 'sign-in');
  await page.getByLabel('E-mail').fill(PUB);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectVisible(page.getByRole('alert').filter({ hasText: 'do not match' }));
  await fits(page, 'sign-in refused');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  await fits(page, 'forgot password');
  await page.goto(`${site.baseUrl}/editor/set-password#token=x`);
  await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
  await fits(page, 'set password');
  await page.goto(`${site.baseUrl}/editor/unlock#token=x`);
  await page.getByRole('heading', { name: 'Sign in without waiting' }).waitFor();
  await fits(page, 'unlock');
  await page.context().close();
});

it('fits the lists, every kind of item with its actions, a new item and the dialogs', async () => {
  phone = await signedInPage(browser, site, PUB, PHONE);
  await phone.getByRole('region', { name: 'Blog posts' }).getByRole('link').nth(1).waitFor();
  await fits(phone, 'lists');
  for (const item of ['blog/offers-api-announcement', 'casestudies/sling-tv-case-study', 'jobs/client-success-manager', 'banners/site']) {
    await phone.goto(`${site.baseUrl}/editor/${item}`);
    await phone.getByRole('heading', { name: 'Revisions' }).waitFor();
    await fits(phone, item);
  }
  await phone.goto(`${site.baseUrl}/editor/blog/new`);
  await phone.getByRole('heading', { name: 'New blog post' }).waitFor();
  await fits(phone, 'new blog post');

  await phone.goto(`${site.baseUrl}/editor/blog/offers-api-announcement`);
  await phone.getByRole('button', { name: 'Publish now' }).click();
  await phone.getByRole('dialog').waitFor();
  await fits(phone, 'publish dialog');
  await phone.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await field(phone, 'title').fill('A title typed on a phone');
  await phone.getByRole('link', { name: 'Back to the content' }).click();
  await phone.getByRole('dialog', { name: 'Leave without saving?' }).waitFor();
  await fits(phone, 'leave dialog');
  await phone.getByRole('button', { name: 'Stay on this page' }).click();
}, 90_000);

it('fits the conflict screen', async () => {
  // Someone else saves the post meanwhile (a script with a publisher token).
  const path = `${site.baseUrl}/api/content/blog/offers-api-announcement`;
  const loaded = (await (await fetch(path, { headers: { Authorization: `Bearer ${TOKEN}` } })).json()) as { content: object };
  const saved = await fetch(path, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json', 'If-Match': '*' },
    body: JSON.stringify({ ...loaded.content, excerpt: 'Changed by a script meanwhile' }),
  });
  expect(saved.status).toBe(200);
  await phone.getByRole('button', { name: 'Save draft' }).click();
  await phone.getByRole('region', { name: 'Someone else changed this item: your save was not made' }).waitFor();
  await fits(phone, 'conflict');
}, 60_000);
