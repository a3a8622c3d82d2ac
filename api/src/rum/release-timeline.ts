/**
 * A section's figures per version slot by slot, with the registry's moves in the same window: what a
 * person reads to see whether a release changed how the pages feel, and when.
 */
import {
  TIMELINE_ACTIONS,
  type ReleaseTimeline,
  type RemoteName,
  type TimelineAction,
  type TimelineEvent,
  type TimelineExperiment,
} from '@cardlift/contracts';
import type { ReleaseEvent } from '../releases/registry-store';
import { VersionFigures } from './release-health';
import { RUM_COUNTERS } from './rum-aggregator';
import type { RumSlotTotal } from './rum-store';

const MINUTE_MS = 60_000;

/** Slots short enough to show a release's first minutes in a short window, few enough to draw in a long one. */
export function slotMinutesFor(hours: number): number {
  if (hours <= 1) return 1;
  if (hours <= 6) return 5;
  if (hours <= 24) return 15;
  return 60;
}

/** The window's slots, in epoch minutes: the last one holds `nowMs` (still filling). */
export function timelineSlots(hours: number, nowMs: number): { slotMinutes: number; first: number; count: number } {
  const slotMinutes = slotMinutesFor(hours);
  const count = (hours * 60) / slotMinutes;
  const last = Math.floor(nowMs / MINUTE_MS / slotMinutes) * slotMinutes;
  return { slotMinutes, first: last - (count - 1) * slotMinutes, count };
}

const isTimelineAction = (action: string): action is TimelineAction => (TIMELINE_ACTIONS as readonly string[]).includes(action);

/** A guard decision's rule, a schedule's time and share or refusal, from the event's details. */
function explained(action: TimelineAction, details: string | null): { rule?: string; note?: string } {
  if (!details) return {};
  let parsed: { rule?: unknown; at?: unknown; share?: unknown; reason?: unknown };
  try {
    parsed = JSON.parse(details) as typeof parsed;
  } catch {
    return {};
  }
  const rule = typeof parsed.rule === 'string' ? { rule: parsed.rule } : {};
  if (action === 'schedule-refused') return { ...rule, note: `refused at its time: ${String(parsed.reason)}` };
  if (action === 'schedule' || action === 'unschedule') return { ...rule, note: `for ${String(parsed.at)} at ${String(parsed.share)} %` };
  return rule;
}

/**
 * The window that covers a canary since it started (its first share, not the last step), in whole
 * hours: `?since=canary` on the timeline, "since the canary started" on the health page.
 */
export function hoursSinceCanary(events: readonly ReleaseEvent[], canaryVersion: string, nowMs: number): number {
  const started = events.findLast((e) => e.action === 'canary' && e.version === canaryVersion);
  const startMs = started ? Date.parse(started.at) : nowMs;
  return Math.max(1, Math.ceil((nowMs - startMs) / 3_600_000));
}

export interface TimelineInput {
  remote: RemoteName;
  hours: number;
  nowMs: number;
  current: string | null;
  totals: readonly RumSlotTotal[];
  events: readonly ReleaseEvent[];
  /** Experiments' moves on the remote's pages (already only this remote's). */
  experiments?: readonly TimelineExperiment[];
}

export function releaseTimeline({ remote, hours, nowMs, current, totals, events, experiments = [] }: TimelineInput): ReleaseTimeline {
  const { slotMinutes, first, count } = timelineSlots(hours, nowMs);
  const starts = Array.from({ length: count }, (_, i) => first + i * slotMinutes);
  const byVersion = new Map<string, Map<number, VersionFigures>>();
  if (current) byVersion.set(current, new Map());
  for (const total of totals) {
    if (total.slot < first) continue;
    const slots = byVersion.get(total.version) ?? new Map<number, VersionFigures>();
    byVersion.set(total.version, slots);
    const figures = slots.get(total.slot) ?? new VersionFigures();
    slots.set(total.slot, figures);
    figures.add(total);
  }
  const versions = [...byVersion].map(([version, slots]) => ({
    version,
    current: version === current,
    slots: starts.map((start) => {
      const figures = slots.get(start) ?? new VersionFigures();
      return {
        start: new Date(start * MINUTE_MS).toISOString(),
        views: figures.count(RUM_COUNTERS.views),
        p75: { lcp: figures.p75('lcp'), inp: figures.p75('inp'), cls: figures.p75('cls') },
        errorsPer100: figures.errorsPer100(),
      };
    }),
  }));
  const viewsOf = (v: (typeof versions)[number]) => v.slots.reduce((sum, s) => sum + s.views, 0);
  // The current version first, then the most viewed: the order of the health table.
  versions.sort((a, b) => Number(b.current) - Number(a.current) || viewsOf(b) - viewsOf(a) || a.version.localeCompare(b.version));
  const fromMs = first * MINUTE_MS;
  const moves: TimelineEvent[] = events.flatMap((event) => {
    const { action, version, fromVersion, actor, at } = event;
    const time = Date.parse(at);
    return isTimelineAction(action) && time >= fromMs && time <= nowMs
      ? [{ action, version, fromVersion, actor, at, ...explained(action, event.details ?? null) }]
      : [];
  });
  const inWindow = (at: string) => Date.parse(at) >= fromMs && Date.parse(at) <= nowMs;
  return {
    remote,
    hours,
    slotMinutes,
    from: new Date(fromMs).toISOString(),
    to: new Date((first + count * slotMinutes) * MINUTE_MS).toISOString(),
    current,
    versions,
    events: moves,
    experiments: experiments.filter((mark) => inWindow(mark.at)).sort((a, b) => a.at.localeCompare(b.at)),
  };
}
