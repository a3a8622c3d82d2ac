/**
 * What every answer passes through: trusted forwarded headers, security headers, the request log, the
 * error handler, the request guard, CORS and compression; and the start-up warnings about settings.
 * The origins the site may load code from belong to the registry, which supplies them (`origins`).
 */
import compress from 'koa-compress';
import { moduleDefiner } from '../kernel/module';
import { Slot } from '../kernel/extension-points';
import type { PlatformConfig } from './config';
import { corsPolicy } from './cors';
import { errorHandler } from './error-handler';
import { trustedForwardedHeaders } from './forwarded-headers';
import type { Logger } from './logger';
import { requestGuard } from './request-guard';
import { requestContext } from './request-id';
import { securityHeaders } from './security-headers';
import { siteAddressWarnings } from './site-addresses-env';
import { LOOPBACK_PROXIES } from './trusted-proxies';

export const platformModule = moduleDefiner<{ config: PlatformConfig; logger: Logger }>()({
  name: 'platform',
  build: ({ config, logger }) => {
    const originsOf = new Slot<() => string[]>('the origins the site loads code from');
    const origins = () => originsOf.get()();
    return {
      provides: { origins: originsOf },
      middleware: {
        protect: [
          trustedForwardedHeaders(config.trustProxyHops, config.trustProxyFrom ?? LOOPBACK_PROXIES),
          securityHeaders({ production: config.production, siteOrigin: config.siteAddresses.siteUrl, remoteOrigins: origins }),
        ],
        // The request log wraps the error handler, so it writes the status an error was answered with.
        handle: [
          requestContext(logger),
          errorHandler(logger),
          requestGuard(),
          corsPolicy(config.siteAddresses.siteUrl, origins),
          compress({ threshold: 1024 }),
        ],
      },
      start() {
        for (const warning of siteAddressWarnings(config)) logger.warn(warning);
        if (config.production && config.trustProxyHops === 0) {
          logger.warn(
            'TRUST_PROXY_HOPS is 0: behind a load balancer every visitor shares its address for the contact limit and the site sees http; set it to the number of proxies in front of the api',
          );
        }
      },
    };
  },
});
