/**
 * Two publishers in two browsers, one scheduled publish: Bob's "Publish now" names Alice's schedule
 * and cancels it only when he says so, his outcome says it was cancelled, and Alice's open screen
 * learns it within seconds (no more "goes live …"). Then Alice unpublishes while Bob types: Bob's
 * save tells him the post is no longer on the site.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { addPerson, expectVisible, field, outcome, signedInPage } from './support/editor-people';
import { startSite, type Site } from './support/site';

const ALICE = 'alice.schedule@cardlift.example';
const BOB = 'bob.schedule@cardlift.example';
const POST = 'publishers-announcement';
/** Presence answers every 5 s; a screen learns of the other's action within two rounds. */
const LEARNS_WITHIN_MS = 12_000;

let site: Site;
let browser: Browser;
let alice: Page;
let bob: Page;

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  await Promise.all([addPerson(site, ALICE, 'publisher'), addPerson(site, BOB, 'publisher')]);
  [alice, bob] = await Promise.all([signedInPage(browser, site, ALICE), signedInPage(browser, site, BOB)]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function open(page: Page) {
  await page.goto(`${site.baseUrl}/editor/blog/${POST}`);
  await page.getByRole('button', { name: 'Save draft' }).waitFor();
}

it('names a colleague’s schedule before publishing now, cancels it only when asked, and tells the colleague', async () => {
  await open(alice);
  // An hour from now, in the browser's own time zone (what the field takes).
  const inAnHour = await alice.evaluate(() => {
    const at = new Date(Date.now() + 3_600_000);
    return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  });
  await alice.getByLabel(/^Publish at/).fill(inAnHour);
  await alice.getByRole('button', { name: 'Schedule' }).click();
  await expectVisible(outcome(alice).filter({ hasText: /^Scheduled: revision \d+ goes live/ }));
  await expectVisible(alice.getByText(/goes live .*\(scheduled by alice\.schedule@cardlift\.example\)/));

  await open(bob);
  await field(bob, 'title').fill(`Bob’s title ${Date.now()}`);
  await bob.getByRole('button', { name: 'Save draft' }).click();
  await expectVisible(outcome(bob).filter({ hasText: /^Saved \d\d:\d\d: revision \d+/ }));
  await bob.getByRole('button', { name: 'Publish now' }).click();
  const dialog = bob.getByRole('dialog');
  await expectVisible(
    dialog.getByText(
      new RegExp(`^${ALICE.replace(/\./g, '\\.')} scheduled revision \\d+ to go live .*Publishing now cancels that schedule\\.$`),
    ),
  );
  // Keeping it changes nothing.
  await dialog.getByRole('button', { name: 'Keep the schedule' }).click();
  await expectVisible(bob.getByText(/goes live /));
  await bob.getByRole('button', { name: 'Publish now' }).click();
  await bob.getByRole('dialog').getByRole('button', { name: 'Publish now and cancel the schedule' }).click();
  await expectVisible(
    outcome(bob).filter({
      hasText: /^Published .* The schedule of revision \d+ for .* \(set by alice\.schedule@cardlift\.example\) was cancelled\.$/,
    }),
  );

  // Alice's screen, untouched, learns it.
  await expectVisible(
    outcome(alice).filter({
      hasText:
        /^bob\.schedule@cardlift\.example published revision \d+ at \d\d:\d\d: it is live now\. The schedule of revision \d+ for .* was cancelled\.$/,
    }),
    LEARNS_WITHIN_MS,
  );
  await expectVisible(alice.getByText(/^State: published/));
  expect(await alice.getByText(/goes live/).count()).toBe(0);
}, 120_000);

it('tells Bob, as he saves, that Alice took the post off the site while he typed', async () => {
  await open(alice);
  await open(bob);
  await field(bob, 'excerpt').fill(`Bob’s excerpt ${Date.now()}`);
  await alice.getByRole('button', { name: 'Unpublish' }).click();
  await alice.getByRole('dialog').getByRole('button', { name: 'Unpublish' }).click();
  await expectVisible(outcome(alice).filter({ hasText: /^Unpublished / }));
  await bob.getByRole('button', { name: 'Save draft' }).click();
  await expectVisible(
    outcome(bob).filter({
      hasText:
        /^Saved \d\d:\d\d: revision \d+, a draft \(it is not on the site \(alice\.schedule@cardlift\.example unpublished it at \d\d:\d\d\): visitors see nothing of it\)\.$/,
    }),
  );
}, 120_000);
