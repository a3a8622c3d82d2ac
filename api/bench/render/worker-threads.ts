/**
 * The bench's baseline: renders in worker threads of the bench's own process (piscina), as the api
 * rendered before section code moved into sandboxed processes. Same task module, compiled the same
 * way (one esbuild bundle), same number of renderers: what differs is the process boundary alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { Piscina } from 'piscina';
import type { AppConfig } from '../../src/platform/config';
import { readCheckedContent } from '../../src/content/content-store';
import type { RenderTask } from '../../src/site/render-tasks';
import type { RendererSettings, WireContent } from '../../src/site/renderer-protocol';

function bundledEntry(): string {
  const outfile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-bench-threads-')), 'worker-thread-entry.js');
  buildSync({
    entryPoints: [path.join(__dirname, 'worker-thread-entry.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
  });
  return outfile;
}

export class WorkerThreadRenderers {
  private readonly pool: Piscina;

  constructor(config: Pick<AppConfig, 'siteRoot' | 'releasesDir' | 'contentDir' | 'logLevel' | 'siteAddresses'>, threads: number) {
    const settings: RendererSettings = {
      siteRoot: config.siteRoot,
      releasesDir: config.releasesDir,
      logLevel: config.logLevel,
      siteAddresses: config.siteAddresses,
    };
    const content: WireContent = { revision: 0, json: JSON.stringify(readCheckedContent(config.contentDir)) };
    this.pool = new Piscina({
      filename: bundledEntry(),
      minThreads: threads,
      maxThreads: threads,
      workerData: { settings, content },
    });
  }

  /** '' when the render failed, as the process pool answers. */
  async render(task: RenderTask): Promise<string> {
    try {
      return (await this.pool.run({ name: 'render', task })) as string;
    } catch {
      return '';
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
