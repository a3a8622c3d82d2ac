/**
 * Runs an upload's unpacking and hashing (upload-task.ts) in a worker thread of its own, with a
 * deadline and a memory ceiling. When the deadline passes or the client goes away the thread is
 * ended at once, wherever it is: nothing of the upload keeps the api busy after that. At most
 * MAX_CONCURRENT_UPLOADS run at a time; one more is answered 503 rather than queued, and so is one
 * that runs out of time (both with Retry-After).
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Invalid } from '../platform/errors';
import type { BuildDigest } from './build-output';
import { TarballRefused } from './tarball';
import type { UploadOutcome, UploadTask } from './upload-task';

const WORKER_FILE = path.join(__dirname, 'upload-thread.cjs');
const MAX_CONCURRENT_UPLOADS = 2;
/** Streaming keeps an unpack to a few megabytes; a thread past this is ended, not the api. */
const WORKER_HEAP_MB = 128;

/** Seconds a client is asked to wait after an unpack ran out of time on a busy machine. */
const BUSY_RETRY_AFTER_S = 15;

let running = 0;

/** The client went away: the work was abandoned and there is nobody to answer. */
export class UploadAbandoned extends Invalid {
  constructor(message: string) {
    super('upload_abandoned', message);
  }
}

export async function unpackInWorker(task: UploadTask, options: { timeoutMs: number; signal: AbortSignal }): Promise<BuildDigest> {
  if (running >= MAX_CONCURRENT_UPLOADS)
    throw new TarballRefused(
      'unavailable',
      `${MAX_CONCURRENT_UPLOADS} release uploads are being unpacked already: try again in a minute`,
      60,
    );
  running += 1;
  const worker = new Worker(WORKER_FILE, { workerData: task, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    return await new Promise<BuildDigest>((resolve, reject) => {
      // The limits on files and bytes (413) bound the work an upload can ask for; one within them that
      // still runs out of time met a busy machine, and is worth sending again a little later.
      timer = setTimeout(
        () =>
          reject(
            new TarballRefused(
              'unavailable',
              `the server is busy: unpacking and hashing the upload took longer than ${options.timeoutMs} ms (RELEASE_UNPACK_TIMEOUT_MS) and was abandoned; send it again in ${BUSY_RETRY_AFTER_S} s`,
              BUSY_RETRY_AFTER_S,
            ),
          ),
        options.timeoutMs,
      );
      onAbort = () => reject(new UploadAbandoned('the client closed the connection: the upload was abandoned'));
      if (options.signal.aborted) onAbort();
      options.signal.addEventListener('abort', onAbort, { once: true });
      worker.once('message', (outcome: UploadOutcome) => {
        if (outcome.ok) resolve(outcome.digest);
        else reject(outcome.refused ? new TarballRefused(outcome.refused, outcome.message) : new Error(outcome.message));
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the upload's worker stopped before answering (exit code ${code})`)));
    });
  } finally {
    clearTimeout(timer);
    if (onAbort) options.signal.removeEventListener('abort', onAbort);
    running -= 1;
    // Resolves once the thread has stopped: only then may its folder be removed.
    await worker.terminate();
  }
}
