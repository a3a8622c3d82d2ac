/**
 * A JSON read is the same bytes for every request until the content changes: after the first
 * requests, a browser (brotli) and Varnish (gzip) get a copy compressed once, at the best setting,
 * sent with its length, and the same validator as the first, quickly compressed answer.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { startedForSuite, testApp } from '../../test/test-app';

const app = startedForSuite(testApp());

interface RawAnswer {
  encoding: string | undefined;
  length: string | undefined;
  etag: string | undefined;
  body: Buffer;
}

/** The answer's bytes as sent (a fetch would decompress them). */
function raw(pathname: string, acceptEncoding: string): Promise<RawAnswer> {
  const listening = http.createServer(app.koa.callback()).listen(0, '127.0.0.1');
  return new Promise((resolve, reject) => {
    listening.once('listening', () => {
      const { port } = listening.address() as AddressInfo;
      http
        .get({ host: '127.0.0.1', port, path: pathname, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            listening.close();
            const { etag } = res.headers;
            resolve({
              encoding: res.headers['content-encoding'],
              length: res.headers['content-length'],
              etag,
              body: Buffer.concat(chunks),
            });
          });
        })
        .on('error', reject);
    });
  });
}

async function keptCopy(pathname: string, coding: string): Promise<{ first: RawAnswer; kept: RawAnswer }> {
  const first = await raw(pathname, coding);
  let kept = first;
  for (let attempt = 0; attempt < 50 && kept.length === undefined; attempt++) {
    await new Promise((done) => setTimeout(done, 100));
    kept = await raw(pathname, coding);
  }
  return { first, kept };
}

const decoders: Record<string, (bytes: Buffer) => Buffer> = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };

describe('a JSON read', () => {
  it.each(['br', 'gzip'])('is sent as a %s copy compressed once, with its length, and the same validator', async (coding) => {
    const identity = await raw('/api/casestudies', 'identity');
    const { first, kept } = await keptCopy('/api/casestudies', coding);
    expect(kept.encoding).toBe(coding);
    expect(Number(kept.length)).toBe(kept.body.length);
    expect(kept.body.length).toBeLessThanOrEqual(first.body.length);
    expect(decoders[coding]!(kept.body).toString()).toBe(identity.body.toString());
    expect(kept.etag).toBe(first.etag);
    expect(kept.etag).not.toBe(identity.etag);
    // Every later answer is that same copy.
    const again = await raw('/api/casestudies', coding);
    expect(again.body.equals(kept.body)).toBe(true);
  });
});
