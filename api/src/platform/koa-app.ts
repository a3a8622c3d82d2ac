/** The Koa instance: which proxies are believed, and which errors outside a request are worth logging. */
import Koa from 'koa';
import type { PlatformConfig } from './config';
import type { Logger } from './logger';

export function koaApp(config: Pick<PlatformConfig, 'trustProxyHops'>, logger: Logger): Koa {
  // Only the proxies the operator names are believed, and only from their own addresses
  // (TRUST_PROXY_FROM): ctx.ip is the X-Forwarded-For entry the last trusted proxy wrote, at most that
  // many hops from the right, and X-Forwarded-Host/-Proto are read only then, the same entry
  // (trustedForwardedHeaders). A client reaching the api's port itself cannot pick its own address,
  // host or protocol by header. No URL the api sends is built from the host: SITE_URL is.
  const koa = new Koa({ proxy: config.trustProxyHops > 0, maxIpsCount: config.trustProxyHops });
  // Errors Koa reports outside a request's middleware: a visitor closing the connection mid-response
  // (the browser dropping a preload, say) is routine, not a fault, so it is not printed to stderr.
  koa.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET' || err.code === 'EPIPE') return;
    logger.error({ err }, 'unhandled error');
  });
  return koa;
}
