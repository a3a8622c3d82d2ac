import type { Job } from '@cardlift/contracts';
import { siteConfig } from '@cardlift/contracts';

/** A mailto URL; the subject is percent-encoded (encodeURIComponent, so spaces are %20, not '+'). */
export function mailtoHref(email: string, subject?: string): string {
  return subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
}

/** "Apply by e-mail": the careers inbox, with the job title in the subject. */
export function applyHref(job: Pick<Job, 'title'>): string {
  return mailtoHref(siteConfig.careersEmail, `Application: ${job.title}`);
}

/** The empty careers list asks for a resume anyway. */
export const resumeHref = mailtoHref(siteConfig.careersEmail, 'General application');
