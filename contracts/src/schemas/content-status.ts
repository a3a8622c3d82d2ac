/** Where a content item stands, as the content API and the editor's presence call answer it. */
import { text } from './content-fields';
import { contentKindSchema, contentStateSchema } from './content';
import { z } from './z';

/** A scheduled publish: the revision, when it goes live, who set it and when (null when unknown). */
export const pendingScheduleSchema = z.object({
  revision: z.number().int().positive(),
  publishAt: z.string(),
  scheduledBy: z.string().nullable(),
  scheduledAt: z.string().nullable(),
});

/** Who last published, scheduled or unpublished the item, and when (`action` as the audit names it). */
export const contentActionSummarySchema = z.object({ actor: z.string(), action: z.string(), at: z.string() });

/** An item as the content API answers it: where it stands, and its latest revision's content. */
export const contentItemStatusSchema = z.object({
  kind: contentKindSchema,
  id: text,
  state: contentStateSchema,
  latestRevision: z.number().int().positive(),
  /** The revision visitors see; null when none is. */
  liveRevision: z.number().int().positive().nullable(),
  scheduledRevision: z.number().int().positive().nullable(),
  publishAt: z.string().nullable(),
  /** Who set the pending schedule; null when none is pending. */
  scheduledBy: z.string().nullable().optional(),
  lastAction: contentActionSummarySchema.nullable().optional(),
  /** On the answer of a publish now or an unpublish that ended a pending schedule: that schedule. */
  cancelledSchedule: pendingScheduleSchema.optional(),
  content: z.unknown(),
});

export type ContentItemStatus = z.infer<typeof contentItemStatusSchema>;
export type PendingSchedule = z.infer<typeof pendingScheduleSchema>;
/**
 * Where an item stands, without its content: what an open item screen learns on each presence call,
 * so a publish, a schedule or an unpublish by someone else shows within seconds.
 */
export type ContentItemState = Pick<
  ContentItemStatus,
  'state' | 'latestRevision' | 'liveRevision' | 'scheduledRevision' | 'publishAt' | 'scheduledBy' | 'lastAction'
>;
export type ContentActionSummary = z.infer<typeof contentActionSummarySchema>;
