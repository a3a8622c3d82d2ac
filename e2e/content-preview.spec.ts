/**
 * An editor previews a draft in real Chromium: after the preview call, every page of that browser
 * shows the post's latest revision, in the server HTML and once hydrated (the /api reads agree with
 * the HTML, so React finds the same page: no error #418), while another browser sees the published post.
 */
import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { startSite, type Site } from './support/site';

const TOKEN = crypto.randomBytes(16).toString('hex');
const POST = 'offers-api-announcement';
const DRAFT_TITLE = 'Offers API, the draft an editor is still writing';
let site: Site;
let browser: Browser;
let published = '';

beforeAll(async () => {
  site = await startSite({ CONTENT_TOKEN_EDITOR: `${crypto.createHash('sha256').update(TOKEN).digest('hex')}:editor` });
  browser = await launchBrowser();
  const auth = { Authorization: `Bearer ${TOKEN}` };
  const loaded = await fetch(`${site.baseUrl}/api/content/blog/${POST}`, { headers: auth });
  const item = (await loaded.json()) as { content: Record<string, unknown> };
  published = item.content.title as string;
  const saved = await fetch(`${site.baseUrl}/api/content/blog/${POST}`, {
    method: 'PUT',
    headers: { ...auth, 'Content-Type': 'application/json', 'If-Match': loaded.headers.get('ETag')! },
    body: JSON.stringify({ ...item.content, title: DRAFT_TITLE }),
  });
  expect(saved.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('previewing a draft post', () => {
  it('shows the draft in the browser that asked, hydrated without a mismatch, and the published post elsewhere', async () => {
    const editor = await openPage(browser);
    // The call goes through the browser's own context, so the cookie lands in this browser alone.
    const answer = await editor.request.post(`${site.baseUrl}/api/content/blog/${POST}/preview`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.status()).toBe(200);
    const { url } = (await answer.json()) as { url: string };
    expect(url).toBe(`/blog/${POST}`);

    const consoleErrors: string[] = [];
    editor.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    // From the blog's list to the post inside the app: the post's data then comes from /api, not the HTML.
    await editor.goto(`${site.baseUrl}/blog`);
    await editor
      .getByRole('link', { name: new RegExp(DRAFT_TITLE) })
      .first()
      .click();
    await editor.waitForURL(`${site.baseUrl}${url}`);
    await editor.getByRole('heading', { level: 1, name: DRAFT_TITLE }).waitFor();
    // Loaded as a page: the server HTML and its hydration.
    await editor.goto(`${site.baseUrl}${url}`);
    await editor.waitForLoadState('networkidle');
    await editor.getByRole('heading', { level: 1, name: DRAFT_TITLE }).waitFor();
    expect(await editor.title()).toContain(DRAFT_TITLE);
    expect(editor.errors).toEqual([]);
    expect(consoleErrors).toEqual([]);

    const visitor = await openPage(browser);
    await visitor.goto(`${site.baseUrl}${url}`);
    await visitor.getByRole('heading', { level: 1, name: published }).waitFor();
    expect(await visitor.title()).not.toContain(DRAFT_TITLE);
    expect(visitor.errors).toEqual([]);

    // Leaving the preview: the same browser is served the published post again.
    await editor.goto(`${site.baseUrl}/api/preview/exit`);
    await editor.goto(`${site.baseUrl}${url}`);
    await editor.getByRole('heading', { level: 1, name: published }).waitFor();
    await editor.context().close();
    await visitor.context().close();
  }, 60_000);
});
