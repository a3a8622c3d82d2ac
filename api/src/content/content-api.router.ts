/**
 * The content API, for scripts (a content token) and for people in the editor (a session cookie,
 * with its CSRF token on writes): see content-auth.ts.
 *   GET  /api/content/jobs/closing-soon          live postings that close within CLOSING_SOON_DAYS
 *   GET  /api/content/scheduled                  every scheduled item, soonest first
 *   GET  /api/content/{kind}                     every item of the kind as it stands
 *   GET  /api/content/{kind}/{id}                where the item stands, with its latest revision (and its ETag)
 *   PUT  /api/content/{kind}/{id}                saves a draft (editor, publisher)
 *   POST /api/content/{kind}/{id}/publish        { at?, replaceSchedule? }: now, or scheduled (publisher)
 *   POST /api/content/{kind}/{id}/unpublish      { cancelSchedule? } (publisher)
 * Publishing now or unpublishing while a schedule is pending is refused (409 `schedule_pending`,
 * naming it) unless the flag says to cancel it; the answer then carries `cancelledSchedule`.
 *   GET  /api/content/{kind}/{id}/revisions      every revision (editor, publisher)
 *   POST /api/content/{kind}/{id}/restore        { revision }: a new draft copying it (editor, publisher)
 * Every write names the revision it was based on (If-Match, content-preconditions.ts): 428 without,
 * 409 when a newer one was saved. A refused call writes nothing; every action is audited (who, what,
 * when, before and after).
 */
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import {
  contentKindSchema,
  jobCalendarDay,
  publishRequestSchema,
  restoreRequestSchema,
  unpublishRequestSchema,
  type ContentItemStatus,
  type ContentKind,
} from '@cardlift/contracts';
import type { ContentRole } from '../platform/config';
import { NotFound } from '../platform/errors';
import { jsonBody } from '../platform/json-body';
import { actorOf } from '../platform/request-state';
import { validate, validBody } from '../platform/validate';
import { authorizeContent, callerOf, type ContentAccess } from './content-auth';
import { answerEtag, writeBase } from './content-preconditions';
import { contentList, scheduledList } from './content-lists';
import type { ContentService } from './content-service';
import type { Clock, ContentStore } from './content-store';
import type { ItemRecord } from './editorial-store';
import { lastAction, pendingSchedule } from './pending-schedule';

export const CLOSING_SOON_DAYS = 14;
/** A case study with its images' texts is a few KB; a long post stays well under this. */
const CONTENT_BODY_LIMIT = '256kb';

export interface ContentApiDeps extends ContentAccess {
  service: ContentService;
  /** What this instance serves, for the closing-soon list. */
  live: ContentStore;
  clock: Clock;
  /** Called after a change of what visitors see, so this instance serves it before answering. */
  changed(): Promise<void>;
}

export function kindOf(ctx: Context): ContentKind {
  const kind = contentKindSchema.safeParse(ctx.params.kind);
  if (!kind.success) throw new NotFound('not_found', `No content kind "${String(ctx.params.kind)}" (casestudies, blog, jobs, banners)`);
  return kind.data;
}

/** A publish or unpublish may come without a body: no body means {}. */
const optionalJson =
  (parse: Middleware): Middleware =>
  async (ctx, next) => {
    if (ctx.request.type === '' && !Number(ctx.get('Content-Length') || 0)) {
      ctx.request.body = {};
      await next();
    } else await parse(ctx, next);
  };

export function contentApiRouter(deps: ContentApiDeps): Router {
  const router = new Router({ prefix: '/api/content' });
  const auth =
    (needs: ContentRole): Middleware =>
    async (ctx, next) => {
      const caller = await authorizeContent(ctx, deps, needs);
      ctx.state.actor = caller.actor;
      ctx.state.caller = caller;
      ctx.set('Cache-Control', 'no-store');
      await next();
    };
  const baseOf = (ctx: Context, creating = false) => writeBase(ctx, callerOf(ctx), creating);
  const answer = async (ctx: Context, kind: ContentKind, item: ItemRecord & Pick<ContentItemStatus, 'cancelledSchedule'>) => {
    answerEtag(ctx, item);
    ctx.body = { ...(await status(kind, item)), ...(item.cancelledSchedule ? { cancelledSchedule: item.cancelledSchedule } : {}) };
  };
  const status = async (kind: ContentKind, item: ItemRecord): Promise<ContentItemStatus> => {
    const revisions = await deps.service.revisions(kind, item.itemId);
    const store = await deps.service.store();
    return {
      kind,
      id: item.itemId,
      state: item.state,
      latestRevision: item.latestRevision,
      liveRevision: item.state === 'unpublished' ? null : item.liveRevision,
      scheduledRevision: item.scheduledRevision,
      publishAt: item.publishAt,
      scheduledBy: (await pendingSchedule(store, item))?.scheduledBy ?? null,
      lastAction: await lastAction(store, item),
      content: revisions.at(-1)?.body ?? null,
    };
  };

  router.get('/jobs/closing-soon', auth('editor'), (ctx) => {
    const today = jobCalendarDay(deps.clock());
    const last = jobCalendarDay(new Date(deps.clock().getTime() + CLOSING_SOON_DAYS * 86_400_000));
    ctx.body = deps.live
      .openJobs()
      .filter((job) => job.validThrough !== undefined && job.validThrough >= today && job.validThrough <= last)
      .map(({ slug, title, validThrough }) => ({ slug, title, validThrough }))
      .sort((a, b) => a.validThrough!.localeCompare(b.validThrough!));
  });

  // Before /:kind, which would take "scheduled" for a kind.
  router.get('/scheduled', auth('editor'), async (ctx) => {
    ctx.body = await scheduledList(await deps.service.store());
  });

  router.get('/:kind', auth('editor'), async (ctx) => {
    const kind = kindOf(ctx);
    ctx.body = await contentList(await deps.service.store(), kind);
  });

  router.get('/:kind/:id', auth('editor'), async (ctx) => {
    const kind = kindOf(ctx);
    await answer(ctx, kind, (await deps.service.find(kind, ctx.params.id!)).item);
  });

  router.put('/:kind/:id', auth('editor'), jsonBody(CONTENT_BODY_LIMIT), async (ctx) => {
    const kind = kindOf(ctx);
    const base = baseOf(ctx, true);
    const item = await deps.service.save(kind, ctx.params.id!, ctx.request.body, actorOf(ctx), { base });
    await answer(ctx, kind, item);
  });

  router.post('/:kind/:id/publish', auth('publisher'), optionalJson(jsonBody()), validate(publishRequestSchema), async (ctx) => {
    const kind = kindOf(ctx);
    const { at, replaceSchedule } = validBody(ctx, publishRequestSchema);
    const base = baseOf(ctx);
    const item = await deps.service.publish(kind, ctx.params.id!, actorOf(ctx), at, base, { replaceSchedule });
    if (item.state === 'published') await deps.changed();
    await answer(ctx, kind, item);
  });

  router.post('/:kind/:id/unpublish', auth('publisher'), optionalJson(jsonBody()), validate(unpublishRequestSchema), async (ctx) => {
    const kind = kindOf(ctx);
    const { cancelSchedule } = validBody(ctx, unpublishRequestSchema);
    const base = baseOf(ctx);
    const item = await deps.service.unpublish(kind, ctx.params.id!, actorOf(ctx), base, { cancelSchedule });
    await deps.changed();
    await answer(ctx, kind, item);
  });

  router.get('/:kind/:id/revisions', auth('editor'), async (ctx) => {
    const kind = kindOf(ctx);
    const revisions = await deps.service.revisions(kind, ctx.params.id!);
    ctx.body = revisions.map(({ revision, itemId, createdAt, createdBy, restoredFrom, body }) => ({
      revision,
      id: itemId,
      createdAt,
      createdBy,
      restoredFrom,
      content: body,
    }));
  });

  router.post('/:kind/:id/restore', auth('editor'), jsonBody(), validate(restoreRequestSchema), async (ctx) => {
    const kind = kindOf(ctx);
    const { revision } = validBody(ctx, restoreRequestSchema);
    const base = baseOf(ctx);
    const item = await deps.service.restore(kind, ctx.params.id!, revision, actorOf(ctx), base);
    await answer(ctx, kind, item);
  });
  return router;
}
