/**
 * The shell's own lazy parts (the contact form, the phone menu, tooltips, the components page) are
 * chunks of the build the tab started with. When one of them is gone from the server (a deploy, then
 * the skew window passed), the chunk loader's ChunkLoadError would reach React as an uncaught error:
 * the page stopped being drawn. Here such a load recovers instead (skew-recovery.ts) and never settles,
 * so the part keeps what it shows (its server HTML or fallback) while the page reloads or offers to.
 * A chunk that failed for another reason (the network) fails as before.
 */
import { isGoneFile, recoverFromSkew } from './skew-recovery';

interface ChunkLoadError {
  name?: string;
  request?: string;
}

interface ChunkRequire {
  e: (chunkId: string | number) => Promise<unknown>;
}

/** Rspack's runtime require: a free variable in the build's modules (undefined under Jest). */
declare const __webpack_require__: ChunkRequire | undefined;

export function recoverFailedChunks(): void {
  if (typeof __webpack_require__ === 'undefined') return;
  const runtime = __webpack_require__;
  const ensure = runtime.e;
  runtime.e = (chunkId) =>
    ensure(chunkId).catch(async (error: ChunkLoadError) => {
      if (error?.name !== 'ChunkLoadError' || !(await isGoneFile(error.request))) throw error;
      recoverFromSkew();
      return new Promise(() => undefined);
    });
}
