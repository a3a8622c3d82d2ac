/**
 * Hostile release uploads, built in memory for the release-limit tests and the drill: a few
 * kilobytes or megabytes of gzip each, standing for gigabytes or a hundred thousand files once
 * unpacked. Entries are written as tar headers directly, so no folder of 100k files is ever made.
 */
import zlib from 'node:zlib';
import * as tar from 'tar';
import { remoteManifest } from '../src/releases/test-fixtures';

const BLOCK = 512;
const MB = 1024 * 1024;

interface TarFile {
  path: string;
  /** The file's bytes, or a size in bytes of zeros. */
  body: Buffer | string | number;
}

/** The blocks of a tar holding `files`, with its two end-of-archive blocks. */
export function tarOf(files: TarFile[]): Buffer {
  const blocks: Buffer[] = [];
  for (const file of files) {
    const body = typeof file.body === 'number' ? Buffer.alloc(file.body) : Buffer.from(file.body);
    const header = new tar.Header({ path: file.path, mode: 0o644, size: body.length, mtime: new Date(0), type: 'File' });
    header.encode();
    blocks.push(header.block as Buffer, body, Buffer.alloc((BLOCK - (body.length % BLOCK)) % BLOCK));
  }
  blocks.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(blocks);
}

/** The files of a small remote build the fixture shell accepts (manifest, container script, routes chunk). */
export function validBuildFiles(marker = 'v1'): TarFile[] {
  return [
    { path: 'mf-manifest.json', body: JSON.stringify(remoteManifest()) },
    { path: 'remoteEntry.js', body: `/* ${marker} */` },
    { path: 'assets/routes.abc123def0.js', body: `export default ${JSON.stringify(marker)};` },
  ];
}

export const gzip = (data: Buffer) => zlib.gzipSync(data);

/** A valid build followed, inside the same gzip stream, by `megabytes` of zeros after its end. */
export function trailingZerosBomb(megabytes: number): Buffer {
  return gzip(Buffer.concat([tarOf(validBuildFiles()), Buffer.alloc(megabytes * MB)]));
}

/**
 * The same with gigabytes of zeros: gzip members may follow one another, so one compressed
 * megabyte of zeros (about a kilobyte) repeated stands for any amount, cheaply.
 */
export function hugeTrailingBomb(gigabytes: number): Buffer {
  const megabyteOfZeros = gzip(Buffer.alloc(MB));
  return Buffer.concat([gzip(tarOf(validBuildFiles())), ...Array.from({ length: gigabytes * 1024 }, () => megabyteOfZeros)]);
}

/** A build plus `count` tiny files. */
export function manyFilesBomb(count: number): Buffer {
  const tiny = Array.from({ length: count }, (_, i) => ({ path: `assets/f${i}.js`, body: '1' }));
  return gzip(tarOf([...validBuildFiles(), ...tiny]));
}

/** A build plus one file of `bytes` zeros. */
export function bigFileBomb(bytes: number): Buffer {
  return gzip(tarOf([...validBuildFiles(), { path: 'assets/big.bin', body: bytes }]));
}

/** A build plus `count` files of `bytes` zeros each, every one under a single-file limit. */
export function manyBigFilesBomb(count: number, bytes: number): Buffer {
  const files = Array.from({ length: count }, (_, i) => ({ path: `assets/part${i}.bin`, body: bytes }));
  return gzip(tarOf([...validBuildFiles(), ...files]));
}

/** A valid build with a file of `padding` bytes beside it (for the storage quota). */
export function paddedBuild(marker: string, padding: number): Buffer {
  return gzip(tarOf([...validBuildFiles(marker), { path: 'assets/padding.txt', body: 'x'.repeat(padding) }]));
}

/** Polls GET /api/health back to back until stopped; the stop resolves with its slowest answer in ms. */
/**
 * The budget /api/health must answer within while an upload is refused: 100 ms, or three times the
 * slowest answer of the same polling with nothing else going on, measured just before on this
 * machine, when that is more. On a shared, loaded machine the scheduler alone delays an answer by
 * more than 100 ms; a blocked event loop shows as a multiple of the idle figure.
 */
export async function healthBudget(url: string, idleMs = 1000): Promise<{ budgetMs: number; idleWorstMs: number }> {
  const stop = pollHealth(url);
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  const idleWorstMs = await stop();
  return { budgetMs: Math.max(100, 3 * idleWorstMs), idleWorstMs };
}

export function pollHealth(url: string): () => Promise<number> {
  let stopped = false;
  let slowest = 0;
  const polling = (async () => {
    while (!stopped) {
      const started = performance.now();
      const res = await fetch(`${url}/api/health`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`health answered ${res.status}`);
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return async () => {
    stopped = true;
    await polling;
    return slowest;
  };
}

/** A release of mf_invest the api accepts: the fixture build, a server bundle with one page, and `extra` files. */
export function releasableBuild(marker: string, extra: TarFile[] = []): Buffer {
  const server = `exports.pageTable = { pages: [{ path: '/invest', title: 'Invest', description: 'The round.' }], dynamic: [], sitemap: false };
exports.loadRoutes = async () => () => null;`;
  return gzip(tarOf([...validBuildFiles(marker), { path: 'server/index.js', body: server }, ...extra]));
}
