/**
 * Reads a beacon's body. `navigator.sendBeacon` sends a string as text/plain (a JSON content type
 * would make it a CORS-preflighted request, which beacons cannot make), so both are read as JSON.
 */
import type { Context } from 'koa';
import { AppError } from '../platform/errors';

const READABLE_TYPES = new Set(['text/plain', 'application/json']);

export async function readReportBody(ctx: Context, limit: number): Promise<unknown> {
  if (!READABLE_TYPES.has(ctx.request.type))
    throw new AppError(415, 'unsupported_media_type', 'Content-Type must be text/plain or application/json');
  const encoding = ctx.get('Content-Encoding');
  if (encoding && encoding !== 'identity') throw new AppError(415, 'unsupported_media_type', 'Content-Encoding is not supported');
  if (Number(ctx.get('Content-Length')) > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new AppError(400, 'malformed_json', 'Malformed JSON body');
  }
}

const tooLarge = () => new AppError(413, 'payload_too_large', 'Request body is too large');
