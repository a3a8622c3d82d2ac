/**
 * Presence of people on a content item (editor-presence.ts), for the editor's item screen:
 *   POST /api/editor/presence/{kind}/{id}         "I have it open": { others: [{ email, since }], item }
 *     `item` is where the item stands now (its state, schedule and last action), so a screen learns
 *     within seconds that someone else published, scheduled or unpublished it.
 *   POST /api/editor/presence/{kind}/{id}/leave   "I left": 204
 * Signed-in people only (CSRF-checked, as every write with the session cookie). POST, as the api
 * takes no other write methods here (request-guard.ts).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { contentKindSchema, SESSION_ENDED, type ContentItemState, type ContentKind } from '@cardlift/contracts';
import { AppError, NotFound } from '../platform/errors';
import type { EditorPresence } from './editor-presence';
import type { SessionRecord } from './editor-store';

export type ItemStateOf = (kind: ContentKind, id: string) => Promise<ContentItemState | null>;

export function editorPresenceRouter(
  presence: EditorPresence,
  person: (ctx: Context) => Promise<SessionRecord | undefined>,
  itemState: ItemStateOf = async () => null,
): Router {
  const router = new Router({ prefix: '/api/editor/presence' });
  const where = async (ctx: Context) => {
    const session = await person(ctx);
    // Only the editor's open item screens call this: a missing session is one that ended under them.
    if (!session) throw new AppError(401, 'session_ended', SESSION_ENDED);
    const kind = contentKindSchema.safeParse(ctx.params.kind);
    if (!kind.success) throw new NotFound('not_found', `No content kind "${String(ctx.params.kind)}"`);
    ctx.set('Cache-Control', 'no-store');
    return { kind: kind.data, id: ctx.params.id!, email: session.email };
  };
  router.post('/:kind/:id', async (ctx) => {
    const { kind, id, email } = await where(ctx);
    ctx.body = { others: await presence.here(kind, id, email), item: await itemState(kind, id) };
  });
  router.post('/:kind/:id/leave', async (ctx) => {
    const { kind, id, email } = await where(ctx);
    await presence.leave(kind, id, email);
    ctx.status = 204;
  });
  return router;
}
