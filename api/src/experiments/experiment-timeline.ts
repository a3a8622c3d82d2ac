/**
 * The experiments' moves for a section's release health timeline: each start, stop, guardrail
 * decision and ship from the audit trail, on the timeline of the section that serves the item's page.
 * A banner shows on every page, so its experiments are on every section's timeline.
 */
import {
  contentPagePath,
  EXPERIMENT_TIMELINE_ACTIONS,
  sectionForPath,
  type ContentKind,
  type RemoteName,
  type TimelineExperiment,
} from '@cardlift/contracts';
import type { ExperimentStore } from './experiment-store';

interface AuditRow {
  actor: string;
  action: string;
  at: string;
  id: string;
  kind: ContentKind;
  item_id: string;
}

type Action = TimelineExperiment['action'];
const isAction = (word: string): word is Action => (EXPERIMENT_TIMELINE_ACTIONS as readonly string[]).includes(word);

/** Whether an item's page belongs to `remote`'s section (a banner's to every section). */
export function itemOnSection(kind: ContentKind, itemId: string, remote: RemoteName): boolean {
  return kind === 'banners' || sectionForPath(contentPagePath(kind, itemId))?.remote === remote;
}

/** `remote`'s experiment moves since `fromMs`, oldest first. */
export async function timelineExperiments(store: ExperimentStore, remote: RemoteName, fromMs: number): Promise<TimelineExperiment[]> {
  // The audit line's time is an ISO string, so it compares as text in both databases.
  const rows = await store.db.query<AuditRow>(
    `SELECT a.actor, a.action, a.at, e.id, e.kind, e.item_id FROM editor_audit a
     JOIN experiments e ON a.subject = 'experiment:' || e.id
     WHERE a.subject LIKE 'experiment:%' AND a.at >= $1 ORDER BY a.at, a.id`,
    [new Date(fromMs).toISOString()],
  );
  return rows.flatMap((row) => {
    // "experiment <event>[ <detail>]", as the service writes it.
    const [, event = '', detail] = /^experiment (\S+)(?: (.+))?$/.exec(row.action) ?? [];
    if (!isAction(event) || !itemOnSection(row.kind, row.item_id, remote)) return [];
    const mark: TimelineExperiment = {
      ...{ action: event, experiment: row.id, kind: row.kind, itemId: row.item_id },
      ...{ path: contentPagePath(row.kind, row.item_id), actor: row.actor, at: row.at },
    };
    return [detail ? { ...mark, note: detail } : mark];
  });
}
