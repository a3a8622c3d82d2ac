/** What a visitor does and sees, shared by the suites that check it on slow and fast loads alike. */
import type { Page } from 'playwright-core';

/** Slow networks: scripts arrive this long after they are asked for, the HTML at once. */
export const SCRIPT_DELAY_MS = 1500;

export async function slowScripts(page: Page): Promise<void> {
  await page.route(/\.js(\?|$)/, async (route) => {
    await new Promise((r) => setTimeout(r, SCRIPT_DELAY_MS));
    await route.continue();
  });
}

/** The form is on screen and its first field has focus, so typing goes straight into it. */
export async function expectFormReached(page: Page): Promise<void> {
  const form = page.locator('section#contact').getByRole('form', { name: 'Talk to Sales' });
  await form.waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.autocomplete === 'given-name');
  await page.waitForFunction(() => {
    const box = document.querySelector('section#contact form')?.getBoundingClientRect();
    return Boolean(box && box.top < window.innerHeight && box.bottom > 0);
  });
  await page.keyboard.type('Ada');
  expect(await form.getByLabel('First name').inputValue()).toBe('Ada');
}
