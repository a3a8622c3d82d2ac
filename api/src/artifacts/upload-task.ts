/**
 * The work on an upload that reads every byte (unpacking with limits, then hashing the files), done
 * in a worker thread of its own (upload-worker.ts) so the api's event loop never waits on it.
 */
import { digestBuild, type BuildDigest } from './build-output';
import { TarballRefused, unpackLimited, type TarballRefusal, type UnpackLimits } from './tarball';

export interface UploadTask {
  archive: string;
  /** An empty folder to unpack into. */
  dest: string;
  limits: UnpackLimits;
}

export type UploadOutcome =
  | { ok: true; digest: BuildDigest }
  | { ok: false; refused: TarballRefusal; message: string }
  /** Anything else that went wrong in the worker (upload-thread.cjs). */
  | { ok: false; refused?: undefined; message: string };

export async function processUpload(task: UploadTask): Promise<UploadOutcome> {
  try {
    await unpackLimited(task.archive, task.dest, task.limits);
    return { ok: true, digest: digestBuild(task.dest) };
  } catch (error) {
    if (error instanceof TarballRefused) return { ok: false, refused: error.kind, message: error.message };
    throw error;
  }
}
