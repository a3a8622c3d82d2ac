import Router from '@koa/router';
import { Counter, Registry } from 'prom-client';
import { z } from 'zod';
import { moduleDefiner } from './module';
import { buildSystem } from './system';

interface Base {
  log: string[];
}
const define = moduleDefiner<Base>();

const store = define({
  name: 'store',
  build: ({ log }) => {
    log.push('build store');
    return { provides: { rows: ['x'] }, start: () => void log.push('start store'), stop: () => void log.push('stop store') };
  },
});
const api = define({
  name: 'api',
  dependsOn: [store],
  settings: z.object({ API_PREFIX: z.string().default('/api') }),
  build: ({ log, need, settings }) => {
    log.push(`build api ${need(store).rows.join()} ${settings.API_PREFIX}`);
    const job = { start: () => void log.push('start api job'), stop: () => void log.push('stop api job') };
    return {
      provides: null,
      routers: { api: [new Router({ prefix: settings.API_PREFIX })] },
      jobs: [job],
      metrics: [new Counter({ name: 'api_calls_total', help: 'Calls.', registers: [new Registry()] })],
      start: () => void log.push('start api'),
      stop: () => void log.push('stop api'),
    };
  },
});

describe('buildSystem', () => {
  it('builds and starts in dependency order, jobs after their module, and stops in exact reverse', async () => {
    const log: string[] = [];
    const system = buildSystem([api, store], { log }, {});
    expect(system.order).toEqual(['store', 'api']);
    expect(system.routers.api).toHaveLength(1);
    expect(system.metrics).toHaveLength(1);
    expect(system.get(store).rows).toEqual(['x']);
    await system.start();
    await system.stop();
    expect(log).toEqual([
      'build store',
      'build api x /api',
      'start store',
      'start api',
      'start api job',
      'stop api job',
      'stop api',
      'stop store',
    ]);
  });

  it('refuses a module using a dependency it did not declare', () => {
    const sneaky = define({ name: 'sneaky', build: ({ need }) => ({ provides: need(store) }) });
    expect(() => buildSystem([store, sneaky], { log: [] }, {})).toThrow('Module "sneaky" uses "store" without declaring it');
  });

  it('checks settings before building anything', () => {
    const log: string[] = [];
    const strict = define({ name: 'strict', settings: z.object({ PORT: z.coerce.number().int() }), build: () => ({ provides: null }) });
    expect(() => buildSystem([store, strict], { log }, { PORT: 'eighty' })).toThrow(/strict: PORT/);
    expect(log).toEqual([]);
  });
});
