/**
 * The Talk to Sales leads' parts, built from configuration: the lead store (opened and migrated once,
 * on first use), the outbox relay that announces each lead, the per-client limit and the repeated-post
 * check, the lead service both routes take leads through, and the JSON route. The form posted without
 * script is answered by the page it was on, so its router is made once the pages are (`formRouter`).
 */
import type { DatabaseConnection } from '../platform/database';
import type { AppConfig } from '../app-config';
import type { Logger } from '../platform/logger';
import { contactFormRouter } from './contact-form.router';
import { contactRouter } from './contact.router';
import { createLeadService, type LeadOutcome } from './lead-service';
import type { LeadStore } from './lead-store';
import { notifiersFrom, type Notifiers } from './notifiers';
import { leadStoreOn } from './open-lead-store';
import type { RelayOptions } from '../platform/delivery-retries';
import { OutboxRelay } from './outbox-relay';
import { contactLimiter } from '../platform/rate-limit';
import { submissionDedup } from './submission-dedup';
import type { PageResponder } from '../site/site-router';
import type { LeadViewReader } from './lead-views';

export interface LeadsWiringDeps {
  config: AppConfig;
  logger: Logger;
  /** A ready store (tests); else the one DATABASE_URL / DATA_DIR names. */
  store?: LeadStore | undefined;
  /** The process's database (the database module's). */
  database(): Promise<DatabaseConnection>;
  notifiers?: Notifiers | undefined;
  relay?: Partial<RelayOptions> | undefined;
  /** Reads the page view a post's token names (rum-wiring.ts): contact posts are filed under the view that sent them. */
  leadView: LeadViewReader;
  /** Each lead stored or failed, whichever route took it (the metrics count it). */
  onOutcome(outcome: LeadOutcome): void;
}

export function leadsWiring({ config, logger, database, store, notifiers, relay: relayOptions, onOutcome, leadView }: LeadsWiringDeps) {
  let opened: Promise<LeadStore> | undefined = store ? Promise.resolve(store) : undefined;
  const leads = () => (opened ??= database().then(leadStoreOn));
  const limiter = contactLimiter(config.contactRateLimit, {
    url: config.redisUrl,
    keyPrefix: config.redisKeyPrefix,
    maxClients: config.rateLimitMaxClients,
  });
  const dedup = submissionDedup({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix });
  const relay = new OutboxRelay(leads, notifiers ?? notifiersFrom(config), logger, relayOptions);
  const service = createLeadService(leads, relay, logger, onOutcome);

  return {
    leads,
    relay,
    service,
    router: contactRouter(service, { limiter, logger, leadView }),
    /** The form posted without script, answered with the page it was posted to. */
    formRouter: (respond: PageResponder) =>
      contactFormRouter({ leads: service, limiter, dedup, logger, siteOrigin: config.siteAddresses.siteUrl, respond, leadView }),
    async start(): Promise<void> {
      const ready = await leads();
      if (relay.channels.length === 0)
        logger.warn('no LEADS_WEBHOOK_URL or SMTP_URL + LEADS_EMAIL_TO: leads are stored but nobody is notified');
      logger.info({ store: ready.kind, channels: relay.channels }, 'lead store ready');
      relay.start();
    },
    /** Stops the relay after its delivery in flight, then lets go of the limits and the store. */
    async stop(): Promise<void> {
      await relay.stop();
      await limiter?.close();
      await dedup.close();
      if (opened) await (await opened).close();
    },
  };
}
