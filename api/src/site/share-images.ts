/**
 * GET /og/<kind>/<slug>.<hash>.png: a page's share card (see contracts/share-image.ts for which page
 * gets which). Drawn on first request, then kept in memory and on disk under DATA_DIR, so a restart
 * or a second request costs nothing. The name carries a hash of what is drawn, so the answer is
 * immutable; a name with an old hash (the title changed since) is redirected to the current one.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import Router from '@koa/router';
import { LRUCache } from 'lru-cache';
import {
  pagePathOfCard,
  parseShareCardPath,
  SHARE_IMAGE_TYPE,
  shareCardFor,
  shareCardPath,
  SITE_CARD,
  type ShareCard,
} from '@cardlift/contracts';
import type { AppConfig } from '../app-config';
import type { Logger } from '../platform/logger';
import type { ResolvedPage } from './page-resolver';
import { drawShareCard } from './share-card-drawing';
import { previewedContent } from '../content/content-preview';
import type { SharedContent } from '../content/live-content';

export const SHARE_IMAGES_DIR = 'share-images';

/** Which live page a path is (the page tables are read in the render workers), or with a previewed item's draft. */
export type ResolveLivePage = (pathname: string, preview?: SharedContent) => Promise<ResolvedPage | null>;

/** The card a card path names today, or null when it names no page that has one. */
async function currentCard(kind: string, slug: string, resolve: ResolveLivePage, preview?: SharedContent): Promise<ShareCard | null> {
  if (kind === SITE_CARD.kind) return slug === SITE_CARD.slug ? SITE_CARD : null;
  const pagePath = pagePathOfCard(kind as ShareCard['kind'], slug);
  const page = pagePath ? await resolve(pagePath, preview) : null;
  if (!pagePath || !page) return null;
  const card = shareCardFor(page.meta, pagePath);
  return card.kind === kind && card.slug === slug ? card : null;
}

/** Drawn cards by path: memory first, then DATA_DIR, else drawn once however many ask at the same time. */
export class ShareImageStore {
  private readonly memory = new LRUCache<string, Buffer>({ max: 300 });
  private readonly drawing = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly dir: string,
    private readonly logger: Logger,
    private readonly draw: (card: ShareCard) => Promise<Buffer> = drawShareCard,
  ) {}

  /** A previewed draft's card: the kept one when there is one, else drawn for this answer alone. */
  async peekOrDraw(card: ShareCard): Promise<Buffer> {
    return this.memory.get(shareCardPath(card)) ?? this.draw(card);
  }

  async get(card: ShareCard): Promise<Buffer> {
    const key = shareCardPath(card);
    const known = this.memory.get(key);
    if (known) return known;
    let pending = this.drawing.get(key);
    if (!pending) {
      pending = this.load(card, key).finally(() => this.drawing.delete(key));
      this.drawing.set(key, pending);
    }
    const png = await pending;
    this.memory.set(key, png);
    return png;
  }

  private async load(card: ShareCard, key: string): Promise<Buffer> {
    const file = path.join(this.dir, ...key.split('/').slice(2));
    const stored = await fs.readFile(file).catch(() => undefined);
    if (stored) return stored;
    const png = await this.draw(card);
    // Written aside and renamed, so a reader never sees half a file; a full disk only costs a redraw.
    const temporary = `${file}.${process.pid}.tmp`;
    await fs
      .mkdir(path.dirname(file), { recursive: true })
      .then(() => fs.writeFile(temporary, png))
      .then(() => fs.rename(temporary, file))
      .catch((err: unknown) => this.logger.warn({ err, file }, 'share image not kept on disk'));
    return png;
  }
}

export function shareImageRouter(config: AppConfig, resolve: ResolveLivePage, logger: Logger): Router {
  const router = new Router();
  const store = new ShareImageStore(path.join(config.dataDir, SHARE_IMAGES_DIR), logger);
  router.get('/og/:kind/:file', async (ctx) => {
    const parsed = parseShareCardPath(ctx.path);
    const previewed = await previewedContent(ctx);
    const card = parsed && (await currentCard(parsed.kind, parsed.slug, resolve, previewed?.shared));
    if (!parsed || !card) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Not found';
      return;
    }
    const current = shareCardPath(card);
    if (current !== ctx.path) {
      ctx.set('Cache-Control', 'no-cache');
      ctx.redirect(current);
      return;
    }
    ctx.type = SHARE_IMAGE_TYPE;
    if (previewed) {
      // A draft's card is this browser's alone: neither kept nor cached (its title may never be published).
      ctx.body = await store.peekOrDraw(card);
      ctx.set('Cache-Control', 'private, no-store');
      return;
    }
    ctx.body = await store.get(card);
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  return router;
}
