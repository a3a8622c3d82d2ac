/**
 * Removes a folder in a thread of its own. An abandoned upload can leave tens of thousands of
 * files: removing them from the api's thread costs it a callback per file, which is felt by every
 * request answered meanwhile.
 */
import { Worker } from 'node:worker_threads';

/** At the lowest priority, like an upload's thread (upload-thread.cjs). */
const REMOVE = `
try { require('node:os').setPriority(19); } catch {}
require('node:fs').rmSync(require('node:worker_threads').workerData, { recursive: true, force: true });`;

export function removeFolder(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(REMOVE, { eval: true, workerData: dir });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`removing ${dir} stopped with exit code ${code}`))));
  });
}
