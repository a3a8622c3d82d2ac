/**
 * Two people edit the same post in two browsers (two contexts, each signed in as itself): each sees
 * that the other has it open within 10 s; the second to save gets the conflict screen with both
 * values; "take theirs and reapply" ends with both edits saved; "overwrite" keeps both revisions in
 * the history. Prints the time to see the presence note and the conflict screen.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { addPerson, expectVisible, field, outcome, shot, signedInPage } from './support/editor-people';
import { startSite, type Site } from './support/site';

const ANA = 'ana.two@cardlift.example';
const CY = 'cy.two@cardlift.example';
const POST = 'merchants-announcement';
const PRESENCE_WITHIN_MS = 10_000;

let site: Site;
let browser: Browser;
let ana: Page;
let cy: Page;

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  await Promise.all([addPerson(site, ANA, 'publisher'), addPerson(site, CY, 'editor')]);
  [ana, cy] = await Promise.all([signedInPage(browser, site, ANA), signedInPage(browser, site, CY)]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const itemUrl = () => `${site.baseUrl}/editor/blog/${POST}`;
const latest = async (page: Page) =>
  (await (await page.request.get(`${site.baseUrl}/api/content/blog/${POST}`)).json()) as {
    latestRevision: number;
    content: Record<string, string>;
  };
const saved = (page: Page) => expectVisible(outcome(page).filter({ hasText: /^Saved \d\d:\d\d: revision \d+/ }));

async function open(page: Page) {
  await page.goto(itemUrl());
  await page.getByRole('button', { name: 'Save draft' }).waitFor();
}

it('shows each person that the other has the post open, within 10 s', async () => {
  await open(ana);
  const arrived = Date.now();
  await open(cy);
  await expectVisible(ana.getByText(new RegExp(`^Also open by ${CY} \\(since \\d\\d:\\d\\d\\)`)), PRESENCE_WITHIN_MS);
  const seen = Date.now() - arrived;
  await expectVisible(cy.getByText(new RegExp(`^Also open by ${ANA} \\(since \\d\\d:\\d\\d\\)`)), PRESENCE_WITHIN_MS);
  await shot(cy, 'presence-note', cy.getByText(/^Also open by/));
  console.log(`presence note seen by the first person ${seen} ms after the second opened the post`);
  expect(seen).toBeLessThan(PRESENCE_WITHIN_MS);
}, 60_000);

it('shows the second to save a conflict screen with both values; taking theirs and reapplying saves both edits', async () => {
  const anaTitle = `Ana's title ${Date.now()}`;
  const cyExcerpt = `Cy's excerpt ${Date.now()}`;
  await field(ana, 'title').fill(anaTitle);
  await ana.getByRole('button', { name: 'Save draft' }).click();
  await saved(ana);

  await field(cy, 'excerpt').fill(cyExcerpt);
  const pressed = Date.now();
  await cy.getByRole('button', { name: 'Save draft' }).click();
  const conflict = cy.getByRole('region', { name: 'Someone else changed this item: your save was not made' });
  await expectVisible(conflict);
  console.log(`conflict screen shown ${Date.now() - pressed} ms after the second save was pressed`);
  await expectVisible(conflict.getByText(anaTitle));
  await expectVisible(conflict.getByText(cyExcerpt));
  await expectVisible(conflict.getByText(new RegExp(`^Theirs: revision \\d+ by ${ANA}$`)).first());
  await expectVisible(outcome(cy).filter({ hasText: `Not saved: ${ANA} saved revision` }));
  await shot(cy, 'conflict', conflict);

  await conflict.getByRole('button', { name: 'Take theirs and reapply my edits' }).click();
  expect(await field(cy, 'title').inputValue()).toBe(anaTitle);
  expect(await field(cy, 'excerpt').inputValue()).toBe(cyExcerpt);
  await cy.getByRole('button', { name: 'Save draft' }).click();
  await saved(cy);
  const after = await latest(cy);
  expect([after.content.title, after.content.excerpt]).toEqual([anaTitle, cyExcerpt]);
}, 60_000);

it('lets the second overwrite knowingly, and keeps both revisions in the history', async () => {
  await open(ana);
  const anaTitle = `Ana again ${Date.now()}`;
  await field(ana, 'title').fill(anaTitle);
  await ana.getByRole('button', { name: 'Save draft' }).click();
  await saved(ana);
  const anas = (await latest(ana)).latestRevision;

  const cyTitle = `Cy's own title ${Date.now()}`;
  await field(cy, 'title').fill(cyTitle);
  await cy.getByRole('button', { name: 'Save draft' }).click();
  const conflict = cy.getByRole('region', { name: 'Someone else changed this item: your save was not made' });
  await expectVisible(conflict);
  await conflict.getByRole('button', { name: 'Overwrite with mine' }).click();
  await saved(cy);
  await expectVisible(cy.getByRole('region', { name: 'Revisions' }).getByText(`Revision ${anas + 1}`, { exact: true }));

  const revisions = (await (await cy.request.get(`${site.baseUrl}/api/content/blog/${POST}/revisions`)).json()) as {
    revision: number;
    createdBy: string;
    content: { title: string };
  }[];
  const mine = revisions.at(-1)!;
  expect(mine).toMatchObject({ createdBy: CY, content: { title: cyTitle } });
  expect(revisions.find((r) => r.revision === anas)).toMatchObject({ createdBy: ANA, content: { title: anaTitle } });
  expect(mine.revision).toBe(anas + 1);
}, 60_000);
