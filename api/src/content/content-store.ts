/**
 * Content (case studies, blog posts, jobs, banners) as structured files, one per item, validated at
 * start with the contract schemas. A broken file stops the start with its path and the field at fault.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import {
  bannersSchema,
  blogPostSchema,
  caseStudySchema,
  jobSchema,
  type Banners,
  type BlogPost,
  type BlogPostSummary,
  type CaseStudy,
  type ContentLookup,
  type Job,
  type JobPosting,
} from '@cardlift/contracts';
import { jobPostings } from './job-postings';

export class ContentError extends Error {
  override name = 'ContentError';
}

export interface ContentStore extends ContentLookup {
  caseStudies: readonly CaseStudy[];
  blogPosts: readonly BlogPostSummary[];
  /** Every job file, open or closed. */
  jobs: readonly Job[];
  /** The postings open now, newest first (what GET /api/jobs and the careers page list). */
  openJobs(): readonly JobPosting[];
  banners: Banners;
}

/** What "now" is for content that expires (job postings); tests set it. */
export type Clock = () => Date;

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ContentError(`${file}: not valid JSON (${(error as Error).message})`);
  }
}

function parseFile<S extends z.ZodType>(schema: S, file: string): z.output<S> {
  const result = schema.safeParse(readJson(file));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : '(root)';
  throw new ContentError(`${file}: field "${field}": ${issue?.message ?? 'invalid'}`);
}

function loadCollection<S extends z.ZodType<{ id: string }>>(dir: string, schema: S): z.output<S>[] {
  if (!fs.existsSync(dir)) return [];
  const items = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const file = path.join(dir, name);
      const item = parseFile(schema, file);
      if (`${item.id}.json` !== name && !('slug' in item && `${String(item.slug)}.json` === name)) {
        throw new ContentError(`${file}: file name must be the item's id or slug ("${item.id}.json")`);
      }
      return item;
    });
  const ids = new Set<string>();
  for (const item of items) {
    if (ids.has(item.id)) throw new ContentError(`${dir}: duplicate id "${item.id}"`);
    ids.add(item.id);
  }
  return items;
}

const byDateDesc =
  <T>(key: (t: T) => string) =>
  (a: T, b: T) =>
    key(b).localeCompare(key(a));

export function loadContent(contentDir: string, clock: Clock = () => new Date()): ContentStore {
  const caseStudies = loadCollection(path.join(contentDir, 'case-studies'), caseStudySchema).sort(byDateDesc((c) => c.publishedDate));
  const posts = loadCollection(path.join(contentDir, 'blog'), blogPostSchema).sort(byDateDesc((p) => p.publishedDate));
  const jobs = loadCollection(path.join(contentDir, 'jobs'), jobSchema).sort(byDateDesc((j) => j.postedDate));
  const bannersFile = path.join(contentDir, 'banners.json');
  const banners: Banners = fs.existsSync(bannersFile) ? parseFile(bannersSchema, bannersFile) : { primary: null, secondary: null };
  const postById = new Map(posts.map((p) => [p.id, p]));
  checkReferences(contentDir, { caseStudies, posts, banners, postIds: new Set(postById.keys()) });
  const postings = jobPostings(jobs, clock);
  return {
    caseStudies,
    blogPosts: posts.map(({ content: _content, ...summary }) => summary),
    jobs,
    banners,
    caseStudy: (id) => caseStudies.find((c) => c.id === id),
    blogPost: (id) => postById.get(id),
    openJobs: () => postings().open,
    job: (slug) => postings().bySlug.get(slug),
  };
}

const IMAGE_PREFIX = '/content-images/';

/**
 * Cross-file checks a per-file schema cannot make: the home banner's post exists ('default' means
 * none), and every image a content item names is on disk, so a typo fails the start, not a page.
 */
function checkReferences(
  contentDir: string,
  refs: { caseStudies: CaseStudy[]; posts: BlogPost[]; banners: Banners; postIds: Set<string> },
): void {
  const bannersFile = path.join(contentDir, 'banners.json');
  const postId = refs.banners.secondary?.blogPostId;
  if (postId && postId !== 'default' && !refs.postIds.has(postId)) {
    throw new ContentError(`${bannersFile}: field "secondary.blogPostId": no blog post "${postId}"`);
  }
  const images: [string, string, string | undefined][] = [
    ...refs.caseStudies.flatMap((c): [string, string, string | undefined][] => [
      [path.join(contentDir, 'case-studies', `${c.id}.json`), 'clientLogo', c.clientLogo],
      [path.join(contentDir, 'case-studies', `${c.id}.json`), 'heroImage', c.heroImage],
    ]),
    ...refs.posts.map((p): [string, string, string | undefined] => [
      path.join(contentDir, 'blog', `${p.id}.json`),
      'heroImage',
      p.heroImage,
    ]),
  ];
  const imagesDir = path.join(contentDir, 'images');
  for (const [file, field, src] of images) {
    if (!src?.startsWith(IMAGE_PREFIX)) continue;
    const onDisk = path.join(imagesDir, src.slice(IMAGE_PREFIX.length));
    if (!onDisk.startsWith(imagesDir + path.sep) || !fs.existsSync(onDisk)) {
      throw new ContentError(`${file}: field "${field}": image ${src} not found under content/images`);
    }
  }
}
