/**
 * Taking a Talk to Sales submission: a filled honeypot is acknowledged like any other and dropped;
 * a real lead is committed with its outbox rows before the caller answers, then the relay is kicked.
 */
import { randomUUID } from 'node:crypto';
import { CONTACT_PAGE_FIELD, CONTACT_VIEW_FIELD, HONEYPOT_FIELD, type contactRequestSchema } from '@cardlift/contracts';
import type { z } from 'zod';
import type { LeadStore, LeadSubmission } from './lead-store';
import type { LeadView } from './lead-views';
import type { OutboxRelay } from './outbox-relay';
import { isStoreUnavailable, STORE_RETRY_AFTER_S, StoreUnavailableError } from '../platform/store-unavailable';
import type { Logger } from '../platform/logger';

export type ContactRequest = z.output<typeof contactRequestSchema>;

export interface SubmitResult {
  id: string;
  stored: boolean;
}

/** What became of a real (not honeypot) submission, for the operators' figures. */
export type LeadOutcome = 'stored' | 'failed';

export function createLeadService(
  store: () => Promise<LeadStore>,
  relay: OutboxRelay,
  logger?: Logger,
  observe: (outcome: LeadOutcome) => void = () => undefined,
) {
  // When the last write failed for a reason that is not the lead's (disk full, lock, server down), the
  // instance reports itself not ready until a write succeeds or the retry interval has passed, so a
  // load balancer sends visitors to an instance that can store their lead.
  let failingSince: number | undefined;
  return {
    /** `view`: the page view the post came from (lead-views.ts), recorded with the lead. */
    async submit(request: ContactRequest, view?: LeadView): Promise<SubmitResult> {
      // The view's token was read by the route (lead-views.ts): what is stored is the form and its attribution.
      const { [HONEYPOT_FIELD]: honeypot, [CONTACT_VIEW_FIELD]: _token, [CONTACT_PAGE_FIELD]: _page, ...submission } = request;
      // A random id, so the answer looks exactly like a stored lead's.
      if (honeypot && honeypot.trim() !== '') return { id: randomUUID(), stored: false };
      let lead;
      try {
        lead = await (await store()).addLead(submission satisfies LeadSubmission, relay.channels, view);
      } catch (error) {
        observe('failed');
        if (!isStoreUnavailable(error)) throw error;
        failingSince ??= Date.now();
        logger?.error({ err: error }, 'lead not stored: the store refused the write; answered 503 with Retry-After');
        throw error instanceof StoreUnavailableError ? error : new StoreUnavailableError(String((error as Error).message));
      }
      failingSince = undefined;
      observe('stored');
      relay.kick();
      return { id: lead.id, stored: true };
    },
    /**
     * Notes that a post from `view` was answered with an error. Best effort, never awaited by the
     * answer: evidence for the canary guard must not slow or fail the visitor's post.
     */
    failed(view: LeadView | undefined): void {
      if (!view) return;
      void store()
        .then((ready) => ready.addFailedView(view))
        .catch((error: unknown) => logger?.warn({ err: error }, 'a failed contact post could not be noted for the canary guard'));
    },
    /** False while writes are failing (until one succeeds, or the retry interval has passed). */
    writable(now = Date.now()): boolean {
      return failingSince === undefined || now - failingSince > STORE_RETRY_AFTER_S * 1000;
    },
  };
}

export type LeadService = ReturnType<typeof createLeadService>;
