/**
 * How each outbox channel delivers a lead. Called only by the relay, never in the request path.
 * A delivery either resolves or throws; the relay records the error and retries.
 */
import nodemailer from 'nodemailer';
import { ATTRIBUTION_FIELDS, ATTRIBUTION_LABELS, BUSINESS_HELP_OPTIONS, siteConfig } from '@cardlift/contracts';
import type { AppConfig } from '../app-config';
import type { Channel, Lead } from './lead-store';

export type Deliver = (lead: Lead) => Promise<void>;
export type Notifiers = Partial<Record<Channel, Deliver>>;

const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * POSTs one JSON event to a webhook, resolving once it answered 2xx: what lead and release
 * notifications share. The key lets the receiver drop a duplicate (delivery may be repeated).
 */
export async function postWebhook(url: string, body: { type: string; [field: string]: unknown }, idempotencyKey: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`webhook answered ${response.status}`);
}

export function webhookNotifier(url: string): Deliver {
  // The lead id lets the receiver drop a duplicate: delivery is at least once.
  return (lead) => postWebhook(url, { type: 'lead.created', lead }, lead.id);
}

/** Where the visit came from, one line per field it had. */
function attributionLines(lead: Lead): string[] {
  const lines = ATTRIBUTION_FIELDS.flatMap((field) => {
    const value = lead.attribution[field];
    return value === undefined ? [] : [`${ATTRIBUTION_LABELS[field]}: ${value}`];
  });
  return [
    'Where the visit came from:',
    ...(lines.length ? lines : ['(nothing recorded: a direct visit, or one before attribution was kept)']),
  ];
}

/** The e-mail sales receives for a lead. */
export function leadEmail(lead: Lead): { subject: string; text: string } {
  const help = BUSINESS_HELP_OPTIONS.find((o) => o.value === lead.businessHelp)?.label ?? lead.businessHelp;
  return {
    subject: `New lead: ${lead.company} (${help})`,
    text: [
      `Name: ${lead.firstName} ${lead.lastName}`,
      `E-mail: ${lead.email}`,
      `Job title: ${lead.jobTitle}`,
      `Company: ${lead.company}`,
      `How we can help: ${help}`,
      `Agrees to updates: ${lead.agreeToUpdates ? 'yes' : 'no'}`,
      `Received: ${lead.createdAt}`,
      `Lead id: ${lead.id}`,
      '',
      ...attributionLines(lead),
    ].join('\n'),
  };
}

export function emailNotifier(smtpUrl: string, to: string): Deliver {
  const transport = nodemailer.createTransport(smtpUrl);
  return async (lead) => {
    await transport.sendMail({ from: siteConfig.salesEmail, to, ...leadEmail(lead) });
  };
}

/** The channels configured now; a new lead gets one outbox row for each. */
export function notifiersFrom(config: Pick<AppConfig, 'leadsWebhookUrl' | 'smtpUrl' | 'leadsEmailTo'>): Notifiers {
  const notifiers: Notifiers = {};
  if (config.leadsWebhookUrl) notifiers.webhook = webhookNotifier(config.leadsWebhookUrl);
  if (config.smtpUrl && config.leadsEmailTo) notifiers.email = emailNotifier(config.smtpUrl, config.leadsEmailTo);
  return notifiers;
}
