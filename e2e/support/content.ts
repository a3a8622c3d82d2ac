/**
 * The content the shared site serves the browser suite: the shipped content, plus one job posting
 * whose validThrough has long passed, so every check of the site (validator, structured data, the
 * careers pages) also meets a closed posting, as visitors and crawlers do once a role closes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './site';

export const CLOSED_JOB = {
  id: 'job-2025-002',
  slug: 'brand-partnerships-manager',
  title: 'Brand Partnerships Manager',
  department: 'Partnerships',
  location: 'New York, NY',
  postedDate: '2025-05-01',
  validThrough: '2025-07-31',
  description: 'Bring new national brands onto the Cardlift network and help them plan their first campaigns.',
  responsibilities: ['Own a pipeline of national brands'],
};

export function suiteContentDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-e2e-content-'));
  fs.cpSync(path.join(REPO_ROOT, 'api', 'content'), dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'jobs', `${CLOSED_JOB.slug}.json`), JSON.stringify(CLOSED_JOB, null, 2));
  return dir;
}

/** The content folder of the shared site (set by global-setup). */
export function siteContentDir(): string {
  const dir = process.env.E2E_CONTENT_DIR;
  if (!dir) throw new Error('E2E_CONTENT_DIR is not set: run the browser suite through npm run test:e2e');
  return dir;
}
