/**
 * Previewing one content item: a browser holding a valid content-preview cookie (preview.ts, signed
 * with the release previews' secret) is served the live content with that item's LATEST revision in
 * its place, draft included: its page, head tags, JSON-LD, share card, the lists that show it and the
 * /api/* answers its page reads, so hydration finds what the server sent. The view is built per
 * request (one database read of the item), carried to the render worker for that task only, and
 * never kept by the page caches; another browser sees the published content.
 */
import type { Context, Middleware } from 'koa';
import { LRUCache } from 'lru-cache';
import type { ContentKind } from '@cardlift/contracts';
import { CONTENT_PREVIEW_COOKIE, PREVIEW_TTL_MS, signContentPreview, verifyContentPreview } from '../preview/preview';
import { contentStore, type Clock, type ContentItems, type ContentStore } from './content-store';
import { KINDS } from './content-kinds';
import type { EditorialStore, ItemRecord } from './editorial-store';
import { shareContent, type LiveContent, type SharedContent } from './live-content';

/** The content one request is served from, in the api process and for its render tasks. */
export interface PreviewedContent {
  store: ContentStore;
  /** What a render task carries in place of the published content (for that task only). */
  shared: SharedContent;
  /** What is previewed, in a marketer's words, for the page's preview bar: `Blog post "Launching the Offers API", revision 4 (draft)`. */
  what: string;
}

declare module 'koa' {
  interface DefaultState {
    /** Loads this request's previewed content, at most once (set by the previews' middleware). */
    previewedContent?: () => Promise<PreviewedContent | undefined>;
  }
}

/**
 * The previewed content of this request, when its browser previews an item; read from the database
 * only when a route answering content asks (never for a script or an image), once per request.
 */
export function previewedContent(ctx: Context): Promise<PreviewedContent | undefined> {
  const load = ctx.state.previewedContent;
  return load ? load() : Promise.resolve(undefined);
}

/** `items` with the item (by its live and latest ids) replaced by `body`; a new item is added. */
export function overlaid(items: ContentItems, kind: ContentKind, item: ItemRecord, body: object): ContentItems {
  if (kind === 'banners') return { ...items, banners: body as ContentItems['banners'] };
  const ids = new Set([item.itemId, item.liveId]);
  const others = <T extends object>(list: readonly T[] = []) => list.filter((other) => !ids.has(KINDS[kind].idOf(other)));
  const withdrawnJobs = others(items.withdrawnJobs);
  if (kind === 'casestudies') return { ...items, caseStudies: [...others(items.caseStudies), body as ContentItems['caseStudies'][number]] };
  if (kind === 'blog') return { ...items, blogPosts: [...others(items.blogPosts), body as ContentItems['blogPosts'][number]] };
  return { ...items, jobs: [...others(items.jobs), body as ContentItems['jobs'][number]], withdrawnJobs };
}

export interface ContentPreviewDeps {
  live: LiveContent;
  editorial(): Promise<EditorialStore>;
  secret(): Promise<string>;
  clock: Clock;
  /** The tag of the open editor session the request carries (undefined without one): a preview is tied to its session. */
  sessionTag(ctx: Context): Promise<string | undefined>;
}

const stateWords: Record<ItemRecord['state'], string> = {
  draft: 'draft, never published',
  scheduled: 'scheduled, not yet live',
  published: 'not yet published',
  unpublished: 'unpublished',
};

export class ContentPreviews {
  /** Views by live revision and item revision: a browser's every request need not rebuild one. */
  private readonly views = new LRUCache<string, PreviewedContent>({ max: 20 });

  constructor(private readonly deps: ContentPreviewDeps) {}

  /**
   * Signs a preview of the item for the session `session` (null for a content token); undefined when
   * there is no such item (deleted or never saved).
   */
  async grant(kind: ContentKind, id: string, session: string | null): Promise<{ token: string; url: string; expiresAt: Date } | undefined> {
    const item = await (await this.deps.editorial()).item(kind, id);
    if (!item) return undefined;
    const expiresAt = this.deps.clock().getTime() + PREVIEW_TTL_MS;
    const token = signContentPreview({ kind, id: item.itemId, expiresAt, session }, await this.deps.secret());
    return { token, url: KINDS[kind].paths(item.itemId)[0] ?? '/', expiresAt: new Date(expiresAt) };
  }

  /** Lets the request's previewed content be read (previewedContent) when it carries a preview cookie. */
  middleware(): Middleware {
    // Not async (nothing to do after the routes); a request without cookies, most of them, reads none.
    return (ctx, next) => {
      const cookie = ctx.get('Cookie') ? ctx.cookies.get(CONTENT_PREVIEW_COOKIE) : undefined;
      if (cookie) {
        let loaded: Promise<PreviewedContent | undefined> | undefined;
        ctx.state.previewedContent = () => (loaded ??= this.load(cookie, ctx));
      }
      return next();
    };
  }

  /**
   * The view a cookie grants: none when invalid, expired, of an unknown item, or made by a session
   * this request does not carry or that has ended (signed out, expired), or while the database cannot
   * be read (the published content, as every instance serves then).
   */
  private async load(cookie: string, ctx: Context): Promise<PreviewedContent | undefined> {
    try {
      const grant = verifyContentPreview(cookie, await this.deps.secret(), this.deps.clock().getTime());
      if (!grant) return undefined;
      if (grant.session !== null && grant.session !== (await this.deps.sessionTag(ctx))) return undefined;
      return await this.view(grant.kind, grant.id);
    } catch {
      return undefined;
    }
  }

  private async view(kind: ContentKind, id: string): Promise<PreviewedContent | undefined> {
    const store = await this.deps.editorial();
    const item = await store.item(kind, id);
    if (!item) return undefined;
    const key = [this.deps.live.revision, item.uid, item.latestRevision, item.state, item.liveRevision].join('\0');
    const kept = this.views.get(key);
    if (kept) return kept;
    const latest = await store.revision(item.uid, item.latestRevision);
    if (!latest) return undefined;
    const items = overlaid(this.deps.live.items(), kind, item, latest.body as object);
    const title = (latest.body as { title?: unknown }).title;
    const name = typeof title === 'string' ? `${KINDS[kind].label} “${title}”` : KINDS[kind].label;
    const live = item.liveRevision === item.latestRevision && item.state === 'published';
    const what = `${name}, revision ${item.latestRevision} (${live ? 'the live one' : stateWords[item.state]})`;
    const view = { store: contentStore(items, this.deps.clock), shared: shareContent(items, this.deps.live.revision), what };
    this.views.set(key, view);
    return view;
  }
}
