/**
 * The render bench's baseline: the same task module (render-tasks.ts, one esbuild bundle like the
 * renderer process's) in worker threads of this process (piscina), as the api rendered before
 * section code moved into sandboxed processes. It plugs into RenderPool in place of the processes
 * (`startRenderers`), so the api's side of a render is the same code in both.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { Piscina } from 'piscina';
import { readCheckedContent } from '../../src/content/content-store';
import type { Logger } from '../../src/platform/logger';
import { RenderPool, type Renderers } from '../../src/site/render-pool';
import { TaskFailed, type TaskOutcome } from '../../src/site/render-processes';
import type { RendererSettings, TaskName, WireContent } from '../../src/site/renderer-protocol';

let entry: string | undefined;

function bundledEntry(): string {
  if (entry) return entry;
  entry = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-bench-threads-')), 'worker-thread-entry.js');
  buildSync({
    entryPoints: [path.join(__dirname, 'worker-thread-entry.ts')],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
  });
  return entry;
}

export class WorkerThreadRenderers implements Renderers {
  private readonly pool: Piscina;

  /** `content`: given to each thread as it starts; a task carrying the same revision is sent without it. */
  constructor(
    settings: RendererSettings,
    readonly size: number,
    private readonly content: WireContent,
  ) {
    this.pool = new Piscina({
      filename: bundledEntry(),
      minThreads: size,
      maxThreads: size,
      workerData: { settings, content },
      // As the api ran them: nothing of its environment.
      env: { NODE_ENV: process.env.NODE_ENV ?? 'production' },
    });
  }

  get queueSize(): number {
    return this.pool.queueSize;
  }

  /** Threads are this process: no process of their own. */
  pids(): number[] {
    return [];
  }

  async run<T>(name: TaskName, task: Record<string, unknown>, deadlineMs: number, content?: WireContent): Promise<TaskOutcome<T>> {
    const sent = content && content.revision !== this.content.revision ? { ...task, content } : task;
    try {
      const value = (await this.pool.run({ name, task: sent }, { signal: AbortSignal.timeout(deadlineMs) })) as T;
      return { value, attempts: [] };
    } catch (error) {
      throw new TaskFailed((error as Error).message, [], false);
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}

/** A RenderPool rendering in worker threads (the same content the processes get before any is published: the content files). */
export function workerThreadPool(
  config: ConstructorParameters<typeof RenderPool>[0] & { contentDir: string },
  logger: Logger,
  size?: number,
): RenderPool {
  const content: WireContent = { revision: 0, json: JSON.stringify(readCheckedContent(config.contentDir)) };
  return new RenderPool(config, logger, {
    ...(size === undefined ? {} : { maxThreads: size }),
    startRenderers: (settings, count) => new WorkerThreadRenderers(settings, count, content),
  });
}
