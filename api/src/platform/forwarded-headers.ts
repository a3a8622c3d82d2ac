/**
 * Who sent a request, by the proxies' word only. Koa (with `proxy`) believes X-Forwarded-For, -Host
 * and -Proto from any peer, and reads the LEFTMOST -Host/-Proto, which is whatever the client sent:
 * each proxy appends its value after what it received. Here the peer must be one of the proxies
 * (TRUST_PROXY_FROM) for any of them to count; the client is the X-Forwarded-For entry the last
 * trusted proxy wrote (trusted-proxies.ts), and -Host/-Proto keep only the value that same proxy
 * wrote, or are dropped when no proxy spoke. So `ctx.ip`, `ctx.host` and `ctx.protocol` are the
 * socket's or the proxies' word, never the client's.
 */
import type { Middleware } from 'koa';
import { forwardedClient, proxyTest } from './trusted-proxies';

const FORWARDED = ['x-forwarded-host', 'x-forwarded-proto'] as const;

const listOf = (raw: string | string[] | undefined): string[] =>
  (Array.isArray(raw) ? raw.join(',') : (raw ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

export function trustedForwardedHeaders(hops: number, proxies: readonly string[]): Middleware {
  const trusted = proxyTest(proxies);
  // Not async: nothing is left to do after the routes, so their promise is handed on as it is.
  return (ctx, next) => {
    const peer = ctx.req.socket.remoteAddress ?? '';
    const { client, trustedHops } = forwardedClient(peer, listOf(ctx.request.headers['x-forwarded-for']), hops, trusted);
    ctx.request.ip = client;
    for (const name of FORWARDED) {
      const values = listOf(ctx.request.headers[name]);
      const believed = trustedHops > 0 ? values[Math.max(0, values.length - trustedHops)] : undefined;
      if (believed === undefined) delete ctx.request.headers[name];
      else ctx.request.headers[name] = believed;
    }
    return next();
  };
}
