import { ModuleLifecycle } from './lifecycle';

function units(names: string[], log: string[], failing: { start?: string; stop?: string } = {}) {
  return names.map((name) => ({
    name,
    async start() {
      log.push(`start ${name}`);
      if (failing.start === name) throw new Error(`${name} cannot start`);
    },
    async stop() {
      log.push(`stop ${name}`);
      if (failing.stop === name) throw new Error(`${name} cannot stop`);
    },
  }));
}

describe('ModuleLifecycle', () => {
  it('starts in order and stops in exact reverse, each once', async () => {
    const log: string[] = [];
    const lifecycle = new ModuleLifecycle(units(['a', 'b', 'c'], log));
    await lifecycle.start();
    await lifecycle.stop();
    await lifecycle.stop();
    expect(log).toEqual(['start a', 'start b', 'start c', 'stop c', 'stop b', 'stop a']);
  });

  it('on a failed start, stops what had started (the failing one too) in reverse and rethrows', async () => {
    const log: string[] = [];
    const lifecycle = new ModuleLifecycle(units(['a', 'b', 'c', 'd'], log, { start: 'c' }));
    await expect(lifecycle.start()).rejects.toThrow('c cannot start');
    expect(log).toEqual(['start a', 'start b', 'start c', 'stop c', 'stop b', 'stop a']);
    // A later stop closes only what never ran (it may hold a store opened on first use).
    await lifecycle.stop();
    expect(log.slice(6)).toEqual(['stop d']);
  });

  it('stops every unit even when one stop fails, then reports the failure', async () => {
    const log: string[] = [];
    const lifecycle = new ModuleLifecycle(units(['a', 'b', 'c'], log, { stop: 'b' }));
    await lifecycle.start();
    await expect(lifecycle.stop()).rejects.toThrow('b cannot stop');
    expect(log.slice(3)).toEqual(['stop c', 'stop b', 'stop a']);
  });

  it('stops units that never started', async () => {
    const log: string[] = [];
    await new ModuleLifecycle(units(['a', 'b'], log)).stop();
    expect(log).toEqual(['stop b', 'stop a']);
  });
});
