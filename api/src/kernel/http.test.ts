import Router from '@koa/router';
import Koa from 'koa';
import request from 'supertest';
import { errorHandler } from '../platform/error-handler';
import { createLogger } from '../platform/logger';
import { mountSystem } from './http';
import { defineModule, type MiddlewareStage } from './module';
import { buildSystem } from './system';

/** Each stage's middleware appends its name to the x-trail header on the way in. */
const mark =
  (name: string): Koa.Middleware =>
  async (ctx, next) => {
    ctx.state.trail = [...((ctx.state.trail as string[] | undefined) ?? []), name];
    await next();
  };

function router(path: string, body: string, prefix?: string): Router {
  const r = new Router(prefix ? { prefix } : {});
  r.get(path, (ctx) => {
    ctx.body = { body, trail: ctx.state.trail };
  });
  return r;
}

const stages: MiddlewareStage[] = ['outer', 'cache-share', 'handle', 'cache-defaults', 'protect', 'measure'];
// Declared in reverse, across two modules, so only the kernel's stage order can put them right.
const late = defineModule({
  name: 'late',
  build: () => ({
    provides: null,
    middleware: Object.fromEntries(stages.map((stage) => [stage, [mark(stage)]])),
    routers: { fallback: [router('/{*rest}', 'fallback')], pages: [router('/page', 'page')] },
  }),
});
const early = defineModule({
  name: 'early',
  build: () => ({
    provides: null,
    middleware: { handle: [errorHandler(createLogger('silent'))] },
    routers: { api: [router('/thing', 'api', '/api')] },
  }),
});

function app() {
  const koa = new Koa();
  mountSystem(koa, buildSystem([early, late], {}, {}));
  return koa.callback();
}

describe('mountSystem', () => {
  it('runs middleware by stage, whatever order modules declare it in', async () => {
    const answer = await request(app()).get('/api/thing').expect(200);
    expect(answer.body).toEqual({ body: 'api', trail: ['measure', 'protect', 'cache-defaults', 'handle', 'cache-share', 'outer'] });
  });

  it('serves pages before the catch-all', async () => {
    expect((await request(app()).get('/page').expect(200)).body.body).toBe('page');
    expect((await request(app()).get('/anything').expect(200)).body.body).toBe('fallback');
  });

  it('answers an api path nobody serves with a JSON 404, never the catch-all', async () => {
    const answer = await request(app()).get('/api/nothing').expect(404);
    expect(answer.type).toBe('application/json');
    expect(JSON.stringify(answer.body)).toContain('No api endpoint GET /api/nothing');
  });
});
