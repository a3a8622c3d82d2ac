/**
 * The experiment API, under the content API's access (content-auth.ts: a content token or the
 * editor's session; reading needs an editor, changing a publisher):
 *   GET  /api/experiments                 every experiment, newest first
 *   POST /api/experiments                 creates a draft (experimentCreateSchema)
 *   GET  /api/experiments/sample-size     ?baselineRate=&minimumLift=: visitors per arm (the planner's own figure)
 *   GET  /api/experiments/{id}            the experiment
 *   POST /api/experiments/{id}/start      the control becomes the item's published revision; visitors are assigned
 *   POST /api/experiments/{id}/stop       { reason? }: everyone sees the control again
 *   POST /api/experiments/{id}/ship       { variant }: "control" keeps the published revision, a variant is published
 *   GET  /api/experiments/{id}/results    per arm figures, lift, sequential p-value, sample ratio check, guardrails
 * While an experiment runs, its item refuses saves, publishes and unpublishes (409 experiment_running).
 */
import Router from '@koa/router';
import type { Middleware } from 'koa';
import {
  experimentCreateSchema,
  experimentShipSchema,
  experimentSizingSchema,
  experimentStopSchema,
  type ExperimentSampleSize,
} from '@cardlift/contracts';
import { Invalid, Refused } from '../platform/errors';
import type { ContentRole } from '../platform/config';
import { jsonBody } from '../platform/json-body';
import { actorOf } from '../platform/request-state';
import { validate, validBody } from '../platform/validate';
import { authorizeContent, type ContentAccess } from '../content/content-auth';
import type { ExperimentService } from './experiment-service';
import type { Experiment } from './experiment-store';
import { sampleSizePerArm } from './stats/sample-size';

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

  router.get('/', auth('editor'), async (ctx) => {
    ctx.body = (await (await deps.service.store()).list()).map(shown);
  });
  router.post('/', auth('publisher'), jsonBody(), validate(experimentCreateSchema), async (ctx) => {
    ctx.status = 201;
    ctx.body = shown(await deps.service.create(validBody(ctx, experimentCreateSchema), actorOf(ctx)));
  });
  // The editor's planner asks as a publisher types: the figure a created experiment will be planned on.
  router.get('/sample-size', auth('editor'), (ctx) => {
    const sizing = experimentSizingSchema.safeParse({
      baselineRate: Number(ctx.query.baselineRate),
      minimumLift: Number(ctx.query.minimumLift),
    });
    if (!sizing.success) throw new Invalid('invalid_sizing', 'baselineRate must lie between 0 and 1 and minimumLift between 0 and 10');
    try {
      ctx.body = { perArm: sampleSizePerArm(sizing.data) } satisfies ExperimentSampleSize;
    } catch (error) {
      if (error instanceof RangeError) throw new Refused('invalid_sizing', 'The baseline rate with the lift added must stay below 100 %');
      throw error;
    }
  });
  router.get('/:id', auth('editor'), async (ctx) => {
    ctx.body = shown(await deps.service.find(ctx.params.id!));
  });
  router.post('/:id/start', auth('publisher'), async (ctx) => {
    ctx.body = shown(await deps.service.start(ctx.params.id!, actorOf(ctx)));
  });
  router.post('/:id/stop', auth('publisher'), optionalJson, validate(experimentStopSchema), async (ctx) => {
    const { reason } = validBody(ctx, experimentStopSchema);
    ctx.body = shown(await deps.service.stop(ctx.params.id!, actorOf(ctx), reason ? `stopped by hand: ${reason}` : undefined));
  });
  router.post('/:id/ship', auth('publisher'), jsonBody(), validate(experimentShipSchema), async (ctx) => {
    ctx.body = shown(await deps.service.ship(ctx.params.id!, actorOf(ctx), validBody(ctx, experimentShipSchema).variant));
  });
  router.get('/:id/results', auth('editor'), async (ctx) => {
    const experiment = await deps.service.find(ctx.params.id!);
    ctx.body = { experiment: shown(experiment), ...((await deps.results(experiment)) as object) };
  });
  return router;
}
