/** The drill's idle figure: an api on a fresh data folder, polled for a second with nothing else going on. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { healthBudget } from '../../test/release-bombs';
import { startServer } from '../../test/server-process';
import type { IdleBaseline } from './drill-row';

export async function measureIdle(): Promise<IdleBaseline> {
  const server = await startServer({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-drill-idle-')) });
  try {
    return { worstMs: (await healthBudget(server.url, 1000)).idleWorstMs };
  } finally {
    server.child.kill('SIGKILL');
    await server.exited();
  }
}
