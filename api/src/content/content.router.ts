/**
 * Read-only content endpoints, answered from the content this instance serves (live-content.ts, swapped
 * whole on a publish), so handlers only look items up; an unknown id is a 404 with the one error body.
 * A browser previewing an item gets its draft here too, as in the page's HTML (content-preview.ts), and
 * a visitor in an experiment's variant the variant (keyed at the edge on their arm label).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { LRUCache } from 'lru-cache';
import { keepPrivate, shareAnswer, type SharedAnswer } from '../edge/edge-answers';
import { contentPathTags } from '../edge/edge-tags';
import { sendKept } from '../edge/kept-encodings';
import { notFound } from '../platform/errors';
import { previewedContent } from './content-preview';
import { CONTENT_SOURCES } from './content-sources';
import type { ContentStore } from './content-store';

/** The content a visitor in an experiment's arm is served at `path` (experiments/experiment-serving.ts), if any. */
export type ArmContent = (ctx: Context, path: string) => { content?: { store: ContentStore } } | undefined;

const JSON_TYPE = 'application/json; charset=utf-8';
/** Paths whose answer objects are kept: only found items are answered, but ids are many. */
const ANSWERS_KEPT = 1000;

export function contentRouter(content: ContentStore, armContent?: ArmContent): Router {
  const router = new Router({ prefix: '/api' });
  // An answer's object never changes once made (a job posting that closes is a new object, see
  // job-postings.ts): serialise each object once, and hash and compress its bytes once (sendKept).
  const serialised = new WeakMap<object, Buffer>();
  // One answer object per path, so its shared-cache headers are made once (edge-answers.ts).
  const answers = new LRUCache<string, SharedAnswer>({ max: ANSWERS_KEPT });
  const answerFor = (path: string) => {
    let answer = answers.get(path);
    if (!answer) {
      answers.set(path, (answer = { tags: contentPathTags(path) }));
    }
    return answer;
  };
  // Headers are set per route, not with router.use: a prefix-wide middleware would wrap other routers' /api routes.
  const send = (ctx: Context, body: object, previewed: boolean) => {
    let json = serialised.get(body);
    if (json === undefined) serialised.set(body, (json = Buffer.from(JSON.stringify(body))));
    // A previewed draft is this browser's alone (content-preview.ts); a publish purges the rest.
    if (previewed) keepPrivate(ctx);
    else shareAnswer(ctx, answerFor(ctx.path));
    // The header itself: `ctx.type` looks the type up in the mime table on every request.
    ctx.set('Content-Type', JSON_TYPE);
    sendKept(ctx, json);
  };

  for (const { pattern, lookup, item } of CONTENT_SOURCES) {
    router.get(pattern.slice('/api'.length), async (ctx) => {
      const previewed = await previewedContent(ctx);
      // A variant's visitor navigating in the page gets the variant, as its first page showed it.
      const served = previewed?.store ?? (previewed ? undefined : armContent?.(ctx, ctx.path)?.content?.store) ?? content;
      send(ctx, lookup(ctx.params as Record<string, string>, served) ?? fail(item ?? 'Content'), Boolean(previewed));
    });
  }
  return router;
}

/** The id is not echoed back: the message stays the same whatever a client puts in the path. */
function fail(what: string): never {
  throw notFound(what);
}
