/**
 * Content (case studies, blog posts, jobs, banners): the read model the site answers from, and the
 * files of api/content/, one per item, validated with the contract schemas. The files are the seed of
 * the database (editorial-store.ts) and the tests' fixture; a broken file stops the start with its
 * path and the field at fault.
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
  UPLOADED_IMAGE_PREFIX,
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

/** The items the site publishes, as plain data: what the seed files hold and the database's live revisions. */
export interface ContentItems {
  caseStudies: CaseStudy[];
  blogPosts: BlogPost[];
  jobs: Job[];
  banners: Banners;
  /** Postings taken down (unpublished): answered as closed (410), listed nowhere. */
  withdrawnJobs?: Job[];
}

export const NO_BANNERS: Banners = { primary: null, secondary: null };

/** The content files of `contentDir`, each checked with its schema (the seed, and the tests' fixture). */
export function readContentFiles(contentDir: string): ContentItems {
  const bannersFile = path.join(contentDir, 'banners.json');
  return {
    caseStudies: loadCollection(path.join(contentDir, 'case-studies'), caseStudySchema),
    blogPosts: loadCollection(path.join(contentDir, 'blog'), blogPostSchema),
    jobs: loadCollection(path.join(contentDir, 'jobs'), jobSchema),
    banners: fs.existsSync(bannersFile) ? parseFile(bannersSchema, bannersFile) : NO_BANNERS,
  };
}

/** The files of `contentDir`, each checked alone and against the others (images, the banner's post). */
export function readCheckedContent(contentDir: string): ContentItems {
  const items = readContentFiles(contentDir);
  checkReferences(items, path.join(contentDir, 'images'), (where, id) =>
    path.join(contentDir, FOLDERS[where], where === 'banners' ? 'banners.json' : `${id}.json`),
  );
  return items;
}

export function loadContent(contentDir: string, clock: Clock = () => new Date()): ContentStore {
  return contentStore(readCheckedContent(contentDir), clock);
}

/** The read model the endpoints and pages answer from; items are expected checked already. */
export function contentStore(items: ContentItems, clock: Clock = () => new Date()): ContentStore {
  const caseStudies = [...items.caseStudies].sort(byDateDesc((c) => c.publishedDate));
  const posts = [...items.blogPosts].sort(byDateDesc((p) => p.publishedDate));
  const jobs = [...items.jobs].sort(byDateDesc((j) => j.postedDate));
  const postById = new Map(posts.map((p) => [p.id, p]));
  const postings = jobPostings(jobs, clock, items.withdrawnJobs);
  return {
    caseStudies,
    blogPosts: posts.map(({ content: _content, ...summary }) => summary),
    jobs,
    banners: items.banners,
    caseStudy: (id) => caseStudies.find((c) => c.id === id),
    blogPost: (id) => postById.get(id),
    openJobs: () => postings().open,
    job: (slug) => postings().bySlug.get(slug),
  };
}

const IMAGE_PREFIX = '/content-images/';
const FOLDERS = { caseStudies: 'case-studies', blogPosts: 'blog', banners: '' } as const;

/** Whether an uploaded image (`/content-images/uploads/<name>`) is in the shared store, by its name. */
export type UploadedImageCheck = (name: string) => boolean;

/** Names where an item lives in error messages: its file, or its kind and id in the database. */
export type ItemLabel = (where: keyof typeof FOLDERS, id: string) => string;

/**
 * Checks across items a per-item schema cannot make: the home banner's post exists ('default' means
 * none), and every image a content item names is on disk (an uploaded one in the shared store), so a
 * typo fails the start or the publish, never a page.
 */
export function checkReferences(
  items: ContentItems,
  imagesDir: string,
  label: ItemLabel,
  uploaded: UploadedImageCheck = () => false,
): void {
  const postId = items.banners.secondary?.blogPostId;
  if (postId && postId !== 'default' && !items.blogPosts.some((p) => p.id === postId)) {
    throw new ContentError(`${label('banners', '')}: field "secondary.blogPostId": no blog post "${postId}"`);
  }
  const images: [string, string, string | undefined][] = [
    ...items.caseStudies.flatMap((c): [string, string, string | undefined][] => [
      [label('caseStudies', c.id), 'clientLogo', c.clientLogo],
      [label('caseStudies', c.id), 'heroImage', c.heroImage],
    ]),
    ...items.blogPosts.map((p): [string, string, string | undefined] => [label('blogPosts', p.id), 'heroImage', p.heroImage]),
  ];
  for (const [where, field, src] of images) {
    if (src?.startsWith(UPLOADED_IMAGE_PREFIX)) {
      if (!uploaded(src.slice(UPLOADED_IMAGE_PREFIX.length)))
        throw new ContentError(`${where}: field "${field}": image ${src} was never uploaded (POST /api/content/images)`);
      continue;
    }
    if (!src?.startsWith(IMAGE_PREFIX)) continue;
    const onDisk = path.join(imagesDir, src.slice(IMAGE_PREFIX.length));
    if (!onDisk.startsWith(imagesDir + path.sep) || !fs.existsSync(onDisk)) {
      throw new ContentError(`${where}: field "${field}": image ${src} not found under content/images`);
    }
  }
}
