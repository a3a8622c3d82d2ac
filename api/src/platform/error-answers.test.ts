/**
 * Each refusal kind answers its one status with the api's one error body, through the real error
 * handler; an unexpected error answers 500 without its message, and only it is logged as a failure.
 */
import Koa from 'koa';
import pino from 'pino';
import request from 'supertest';
import { apiErrorSchema } from '@cardlift/contracts';
import { errorHandler } from './error-handler';
import { AppError, Conflict, Invalid, NotFound, Refused, TooLarge, Unavailable } from './errors';

function throwing(error: unknown) {
  const logged: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line) as Record<string, unknown>) });
  const app = new Koa();
  app.use(errorHandler(logger));
  app.use(() => {
    throw error;
  });
  return { server: app.callback(), logged };
}

describe('error answers', () => {
  it.each([
    ['Invalid', 400, new Invalid('bad_archive', 'not a tar')],
    ['NotFound', 404, new NotFound('not_found', 'No experiment "x"')],
    ['Conflict', 409, new Conflict('experiment_running', 'in a running experiment')],
    ['TooLarge', 413, new TooLarge('image_too_large', 'too many pixels')],
    ['Refused', 422, new Refused('invalid_plan', 'Each variant needs its own name')],
    ['Unavailable', 503, new Unavailable('warming', 'Rendering its pages once')],
  ])('answers %s with %i and its code and message, logging no failure', async (_kind, status, error) => {
    const { server, logged } = throwing(error);
    const res = await request(server).get('/');
    expect(res.status).toBe(status);
    expect(res.type).toBe('application/json');
    expect(res.body).toEqual({ error: error.message, code: error.code });
    expect(apiErrorSchema.parse(res.body)).toEqual(res.body);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(logged.filter((line) => line.level === 50)).toEqual([]);
  });

  it('carries the details a refusal names', async () => {
    const details = { baseRevision: 2, latestRevision: 3, fields: ['title'] };
    const res = await request(throwing(new Conflict('stale', 'Ann saved revision 3', details)).server).put('/');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'Ann saved revision 3', code: 'stale', details });
  });

  it('tells a temporary refusal when to try again', async () => {
    const res = await request(throwing(new Unavailable('busy', 'the server is busy', 15)).server).post('/');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('15');
    expect(res.body).toEqual({ error: 'the server is busy', code: 'busy' });
  });

  it('answers an edge error with its own status', async () => {
    const res = await request(throwing(new AppError(401, 'unauthorized', 'needs a token')).server).get('/');
    expect([res.status, res.body]).toEqual([401, { error: 'needs a token', code: 'unauthorized' }]);
  });

  it('answers an unexpected error 500 without its message, and logs it with its stack', async () => {
    const { server, logged } = throwing(new Error('password=hunter2 in /srv/secret'));
    const res = await request(server).get('/x');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'Internal server error', code: 'internal' });
    expect(res.text).not.toContain('hunter2');
    const failure = logged.find((line) => line.msg === 'request failed');
    expect(failure).toMatchObject({ level: 50, path: '/x' });
    expect(JSON.stringify(failure)).toContain('hunter2');
  });

  it('answers a thrown non-error 500 too', async () => {
    const res = await request(throwing('just a string').server).get('/');
    expect([res.status, res.body]).toEqual([500, { error: 'Internal server error', code: 'internal' }]);
  });
});
