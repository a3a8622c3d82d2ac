/**
 * Taking a Talk to Sales submission: a filled honeypot is acknowledged like any other and dropped;
 * a real lead is committed with its outbox rows before the caller answers, then the relay is kicked.
 */
import { randomUUID } from 'node:crypto';
import { HONEYPOT_FIELD, type contactRequestSchema } from '@cardlift/contracts';
import type { z } from 'zod';
import type { LeadStore, LeadSubmission } from './lead-store';
import type { OutboxRelay } from './outbox-relay';

export type ContactRequest = z.output<typeof contactRequestSchema>;

export interface SubmitResult {
  id: string;
  stored: boolean;
}

export function createLeadService(store: () => Promise<LeadStore>, relay: OutboxRelay) {
  return {
    async submit(request: ContactRequest): Promise<SubmitResult> {
      const { [HONEYPOT_FIELD]: honeypot, ...submission } = request;
      // A random id, so the answer looks exactly like a stored lead's.
      if (honeypot && honeypot.trim() !== '') return { id: randomUUID(), stored: false };
      const lead = await (await store()).addLead(submission satisfies LeadSubmission, relay.channels);
      relay.kick();
      return { id: lead.id, stored: true };
    },
  };
}

export type LeadService = ReturnType<typeof createLeadService>;
