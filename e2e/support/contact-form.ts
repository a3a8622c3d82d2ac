/** Fills in the Talk to Sales form as a visitor does (labels and the help select by their names). */
import type { Locator, Page } from 'playwright-core';

/** The product's thanks, word for word (a test importing the constant would pass whatever it said). */
export const THANKS = "Thank you for your message! We'll get back to you soon.";

/** The frame's Talk to Sales form. */
export const contactForm = (page: Page): Locator => page.locator('section#contact').getByRole('form', { name: 'Talk to Sales' });

export interface ContactEntries {
  firstName: string;
  lastName: string;
  email: string;
  jobTitle: string;
  company: string;
  /** The visible label of the "How can we help?" option. */
  help: string;
}

export async function fillContactForm(page: Page, form: Locator, entries: ContactEntries): Promise<void> {
  await form.getByLabel('First name').fill(entries.firstName);
  await form.getByLabel('Last name').fill(entries.lastName);
  await form.getByLabel('Work email').fill(entries.email);
  await form.getByLabel('Job title').fill(entries.jobTitle);
  await form.getByLabel('Company').fill(entries.company);
  await form.getByRole('combobox', { name: 'How can we help?' }).click();
  await page.getByRole('option', { name: entries.help }).click();
}

/** The same, before the form's code runs or without script: "How can we help?" is the browser's own select. */
export async function fillNativeContactForm(form: Locator, entries: ContactEntries): Promise<void> {
  await form.getByLabel('First name').fill(entries.firstName);
  await form.getByLabel('Last name').fill(entries.lastName);
  await form.getByLabel('Work email').fill(entries.email);
  await form.getByLabel('Job title').fill(entries.jobTitle);
  await form.getByLabel('Company').fill(entries.company);
  await form.getByLabel('How can we help?').selectOption({ label: entries.help });
}
