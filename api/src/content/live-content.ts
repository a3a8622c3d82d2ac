/**
 * The content an instance (or a render worker) serves now: a ContentStore whose items are swapped
 * whole when a publish lands, so every reader (the content endpoints, the pages' inlined data, the
 * sitemap, page resolution) sees one consistent version. Render workers get the same items as a
 * SharedArrayBuffer named by the content revision: every task carries it for the cost of a reference,
 * and a worker decodes it only when the revision moves.
 */
import type { Banners, BlogPost, BlogPostSummary, CaseStudy, ContentKind, Job, JobPosting } from '@cardlift/contracts';
import { contentStore, type Clock, type ContentItems, type ContentStore } from './content-store';
import { KINDS } from './content-kinds';
import type { ContentRedirect } from './editorial-store';

/** The published items for render workers: shared memory, never copied per task. */
export interface SharedContent {
  revision: number;
  json: SharedArrayBuffer;
}

export function shareContent(items: ContentItems, revision: number): SharedContent {
  const bytes = Buffer.from(JSON.stringify(items));
  const json = new SharedArrayBuffer(bytes.length);
  new Uint8Array(json).set(bytes);
  return { revision, json };
}

/** The items a SharedContent holds. */
export function readShared(shared: SharedContent): ContentItems {
  // TextDecoder refuses a view of shared memory: copy it out first.
  return JSON.parse(Buffer.from(new Uint8Array(shared.json).slice()).toString('utf8')) as ContentItems;
}

export class LiveContent implements ContentStore {
  private current: ContentStore;
  private version = 0;
  private shared: SharedContent | undefined;
  private moved = new Map<string, string>();
  /** The items last replaced (before that, the files' store is read back into items). */
  private latest: ContentItems | undefined;

  constructor(
    initial: ContentStore,
    private readonly clock: Clock = () => new Date(),
  ) {
    this.current = initial;
  }

  get caseStudies(): readonly CaseStudy[] {
    return this.current.caseStudies;
  }
  get blogPosts(): readonly BlogPostSummary[] {
    return this.current.blogPosts;
  }
  get jobs(): readonly Job[] {
    return this.current.jobs;
  }
  get banners(): Banners {
    return this.current.banners;
  }
  openJobs(): readonly JobPosting[] {
    return this.current.openJobs();
  }
  caseStudy(id: string): CaseStudy | undefined {
    return this.current.caseStudy(id);
  }
  blogPost(id: string): BlogPost | undefined {
    return this.current.blogPost(id);
  }
  job(slug: string): JobPosting | undefined {
    return this.current.job(slug);
  }

  /** The content revision served (0: the files read at start, before the database was read). */
  get revision(): number {
    return this.version;
  }

  /** What render tasks carry; undefined while the workers' own copy of the files is current. */
  forWorkers(): SharedContent | undefined {
    return this.shared;
  }

  /** Where a renamed item's old path now lives (a page path or an api path), if it was renamed. */
  redirectFor(path: string): string | undefined {
    return this.moved.get(path);
  }

  /** The items served, as plain data (what a preview lays one item over). */
  items(): ContentItems {
    if (this.latest) return this.latest;
    const { caseStudies, blogPosts, jobs, banners } = this.current;
    return { caseStudies: [...caseStudies], blogPosts: blogPosts.map((p) => this.current.blogPost(p.id)!), jobs: [...jobs], banners };
  }

  replace(items: ContentItems, revision: number, redirects: readonly ContentRedirect[] = []): void {
    this.latest = items;
    this.current = contentStore(items, this.clock);
    this.version = revision;
    this.shared = shareContent(items, revision);
    this.moved = new Map(redirects.flatMap(({ kind, from, to }) => pairs(kind, from, to)));
  }

  /** In a render worker: takes the items a task carries when they are newer than those held. */
  adopt(shared: SharedContent | undefined): void {
    if (!shared || shared.revision === this.version) return;
    const items = readShared(shared);
    this.current = contentStore(items, this.clock);
    this.version = shared.revision;
  }
}

function pairs(kind: ContentKind, from: string, to: string): [string, string][] {
  const targets = KINDS[kind].paths(to);
  return KINDS[kind].paths(from).map((path, i): [string, string] => [path, targets[i]!]);
}
