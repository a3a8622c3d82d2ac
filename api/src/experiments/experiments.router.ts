/**
 * The experiment API, under the content API's access (content-auth.ts: a content token or the
 * editor's session; reading needs an editor, changing a publisher):
 *   GET  /api/experiments                 every experiment, newest first
 *   POST /api/experiments                 creates a draft (experimentCreateSchema)
 *   GET  /api/experiments/{id}            the experiment
 *   POST /api/experiments/{id}/start      the control becomes the item's published revision; visitors are assigned
 *   POST /api/experiments/{id}/stop       { reason? }: everyone sees the control again
 *   POST /api/experiments/{id}/ship       { variant }: "control" keeps the published revision, a variant is published
 *   GET  /api/experiments/{id}/results    per arm figures, lift, sequential p-value, sample ratio check, guardrails
 * While an experiment runs, its item refuses saves, publishes and unpublishes (409 experiment_running).
 */
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { experimentCreateSchema, experimentShipSchema, experimentStopSchema } from '@cardlift/contracts';
import type { ContentRole } from '../platform/config';
import { jsonBody } from '../platform/json-body';
import { validate, validBody } from '../platform/validate';
import { authorizeContent, type ContentAccess } from '../content/content-auth';
import type { ExperimentService } from './experiment-service';
import type { Experiment } from './experiment-store';

export interface ExperimentsRouterDeps extends ContentAccess {
  service: ExperimentService;
  results(experiment: Experiment): Promise<unknown>;
}

/** A stop may come without a body. */
const optionalJson: Middleware = async (ctx, next) => {
  if (ctx.request.type === '' && !Number(ctx.get('Content-Length') || 0)) {
    ctx.request.body = {};
    await next();
  } else await jsonBody()(ctx, next);
};

const shown = ({ version: _version, ...experiment }: Experiment) => experiment;

export function experimentsRouter(deps: ExperimentsRouterDeps): Router {
  const router = new Router({ prefix: '/api/experiments' });
  const auth =
    (needs: ContentRole): Middleware =>
    async (ctx, next) => {
      ctx.state.actor = (await authorizeContent(ctx, deps, needs)).actor;
      ctx.set('Cache-Control', 'private, no-store');
      await next();
    };
  const actor = (ctx: Context) => ctx.state.actor as string;

  router.get('/', auth('editor'), async (ctx) => {
    ctx.body = (await (await deps.service.store()).list()).map(shown);
  });
  router.post('/', auth('publisher'), jsonBody(), validate(experimentCreateSchema), async (ctx) => {
    ctx.status = 201;
    ctx.body = shown(await deps.service.create(validBody(ctx, experimentCreateSchema), actor(ctx)));
  });
  router.get('/:id', auth('editor'), async (ctx) => {
    ctx.body = shown(await deps.service.find(ctx.params.id!));
  });
  router.post('/:id/start', auth('publisher'), async (ctx) => {
    ctx.body = shown(await deps.service.start(ctx.params.id!, actor(ctx)));
  });
  router.post('/:id/stop', auth('publisher'), optionalJson, validate(experimentStopSchema), async (ctx) => {
    const { reason } = validBody(ctx, experimentStopSchema);
    ctx.body = shown(await deps.service.stop(ctx.params.id!, actor(ctx), reason ? `stopped by hand: ${reason}` : undefined));
  });
  router.post('/:id/ship', auth('publisher'), jsonBody(), validate(experimentShipSchema), async (ctx) => {
    ctx.body = shown(await deps.service.ship(ctx.params.id!, actor(ctx), validBody(ctx, experimentShipSchema).variant));
  });
  router.get('/:id/results', auth('editor'), async (ctx) => {
    const experiment = await deps.service.find(ctx.params.id!);
    ctx.body = { experiment: shown(experiment), ...((await deps.results(experiment)) as object) };
  });
  return router;
}
