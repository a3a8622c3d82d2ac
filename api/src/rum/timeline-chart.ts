/**
 * One figure of a release timeline drawn as SVG on the server (d3-scale for the axes, d3-shape for the
 * lines): one line per version, with a vertical line at each release, promotion and rollback. The SVG
 * is an image with a title and a description that say in words what it shows (each version's latest
 * figure and the moves), since a screen reader cannot read a line.
 */
import type { ReleaseTimeline, TimelineEvent, TimelineExperiment, TimelineSlot } from '@cardlift/contracts';
import { scaleLinear, scaleUtc } from 'd3-scale';
import { line } from 'd3-shape';
import { escapeHtml } from '../site/html-renderer';

export interface ChartFigure {
  id: string;
  title: string;
  unit: string;
  value: (slot: TimelineSlot) => number | null;
}

/** Colours with at least 3:1 contrast on white (non-text contrast), each with its own dash for who cannot tell them apart. */
export const VERSION_STYLES = [
  { colour: '#5a012b', dash: '' },
  { colour: '#1d4ed8', dash: '7 4' },
  { colour: '#047857', dash: '2 3' },
  { colour: '#b45309', dash: '10 3 2 3' },
  { colour: '#7e22ce', dash: '4 2' },
  { colour: '#374151', dash: '1 5' },
] as const;

export const styleOf = (index: number) => VERSION_STYLES[index % VERSION_STYLES.length] as (typeof VERSION_STYLES)[number];

const WIDTH = 760;
const HEIGHT = 280;
const MARGIN = { top: 56, right: 16, bottom: 28, left: 56 };
const LABEL_ROWS = 3;

const TIME = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
const CLOCK = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const DAY_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** The time axis in one style, 24-hour UTC like every other time on the page: the day too when the window spans days. */
export const axisTime = (from: Date, to: Date) => (to.getTime() - from.getTime() > 86_400_000 ? DAY_CLOCK : CLOCK).format;
/** About how wide a mark's label is drawn (11 px text), to keep close moves' labels apart. */
const labelWidth = (text: string) => text.length * 6.2 + 8;
export const utcTime = (iso: string) => `${TIME.format(new Date(iso))} UTC`;

const ACTION_WORDS: Record<TimelineEvent['action'], string> = {
  release: 'release',
  candidate: 'candidate',
  canary: 'canary',
  step: 'step',
  promote: 'promote',
  rollback: 'rollback to',
  schedule: 'scheduled',
  unschedule: 'schedule cancelled',
  'schedule-refused': 'schedule refused',
  hold: 'held too long:',
};

/** What a mark says: the move and its version, the guard's rule when the guard made it. */
export function eventLabel(event: TimelineEvent): string {
  const who = event.actor === 'guard' ? ` (guard: ${event.rule ?? 'rule'})` : '';
  return `${ACTION_WORDS[event.action]} ${event.version}${who}`;
}

const EXPERIMENT_WORDS: Record<TimelineExperiment['action'], string> = {
  start: 'started',
  stop: 'stopped',
  guardrail: 'variant switched off:',
  ship: 'shipped',
};

/** What an experiment's mark says: the experiment, what happened, and the variant or reason. */
export function experimentLabel(mark: TimelineExperiment): string {
  return `experiment ${mark.experiment} ${EXPERIMENT_WORDS[mark.action]}${mark.note ? ` ${mark.note}` : ''}`;
}

/** Every mark of the chart, registry moves and experiments, in time order. */
function chartMarks(timeline: ReleaseTimeline): { at: string; label: string; colour: string; data: string }[] {
  const moves = timeline.events.map((event) => ({
    at: event.at,
    label: eventLabel(event),
    colour: event.action === 'rollback' || event.action === 'schedule-refused' || event.action === 'hold' ? '#b91c1c' : '#111111',
    data: `data-event="${event.action}"`,
  }));
  // Purple (7:1 on white) tells an experiment from a release even without reading its label.
  const experiments = (timeline.experiments ?? []).map((mark) => ({
    at: mark.at,
    label: experimentLabel(mark),
    colour: mark.action === 'guardrail' ? '#b91c1c' : '#6b21a8',
    data: `data-experiment="${mark.action}"`,
  }));
  return [...moves, ...experiments].sort((a, b) => a.at.localeCompare(b.at));
}

/** The newest slot with a figure, in words. */
function latest(figure: ChartFigure, slots: readonly TimelineSlot[]): string {
  for (let i = slots.length - 1; i >= 0; i--) {
    const value = figure.value(slots[i] as TimelineSlot);
    if (value !== null) return `${value}${figure.unit} in the slot from ${utcTime((slots[i] as TimelineSlot).start)}`;
  }
  return 'no figure in this window';
}

export function describeChart(figure: ChartFigure, timeline: ReleaseTimeline): string {
  const versions = timeline.versions.map((v) => `${v.version}${v.current ? ' (current)' : ''}: latest ${latest(figure, v.slots)}`);
  const moves = timeline.events.map((e) => `${eventLabel(e)} by ${e.actor} at ${utcTime(e.at)}`);
  const experiments = (timeline.experiments ?? []).map((m) => `${experimentLabel(m)} on ${m.path} by ${m.actor} at ${utcTime(m.at)}`);
  return [
    `${versions.join('; ')}.`,
    moves.length ? `Marked: ${moves.join('; ')}.` : 'No registry move in this window.',
    ...(experiments.length ? [`Experiments: ${experiments.join('; ')}.`] : []),
  ].join(' ');
}

export function timelineChart(figure: ChartFigure, timeline: ReleaseTimeline): string {
  const x = scaleUtc()
    .domain([new Date(timeline.from), new Date(timeline.to)])
    .range([MARGIN.left, WIDTH - MARGIN.right]);
  const values = timeline.versions.flatMap((v) => v.slots.map(figure.value)).filter((v): v is number => v !== null);
  const y = scaleLinear()
    .domain([0, Math.max(...values, 0) || 1])
    .nice()
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const slotMs = timeline.slotMinutes * 60_000;
  // Tenths of a unit are finer than any screen draws, and keep the page a third smaller.
  const px = (value: number) => Math.round(value * 10) / 10;
  const middle = (slot: TimelineSlot) => px(x(new Date(Date.parse(slot.start) + slotMs / 2)));
  const height = (value: number) => px(y(value));
  const path = line<TimelineSlot>()
    .defined((slot) => figure.value(slot) !== null)
    .x(middle)
    .y((slot) => height(figure.value(slot) ?? 0));

  const yTicks = y
    .ticks(5)
    .map(
      (tick) =>
        `<g><line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${height(tick)}" y2="${height(tick)}" stroke="#e7e5e4"/>` +
        `<text x="${MARGIN.left - 6}" y="${height(tick) + 4}" text-anchor="end" font-size="11" fill="#57534e">${tick}${escapeHtml(figure.unit)}</text></g>`,
    );
  const timeFormat = axisTime(new Date(timeline.from), new Date(timeline.to));
  const xTicks = x
    .ticks(6)
    .map(
      (tick) =>
        `<text x="${px(x(tick))}" y="${HEIGHT - MARGIN.bottom + 18}" text-anchor="middle" font-size="11" fill="#57534e">${escapeHtml(timeFormat(tick))}</text>`,
    );
  const lines = timeline.versions.map((version, index) => {
    const { colour, dash } = styleOf(index);
    const points = version.slots
      .filter((slot) => figure.value(slot) !== null)
      .map((slot) => `<circle cx="${middle(slot)}" cy="${height(figure.value(slot) ?? 0)}" r="3" fill="${colour}"/>`);
    return (
      `<g data-version="${escapeHtml(version.version)}"><path d="${path(version.slots) ?? ''}" fill="none" stroke="${colour}" stroke-width="2"` +
      `${dash ? ` stroke-dasharray="${dash}"` : ''}/>${points.join('')}</g>`
    );
  });
  // Each label goes on the first row where it clears the label before it (the least crowded when none).
  const rowEnds: number[] = Array.from({ length: LABEL_ROWS }, () => -Infinity);
  const marks = chartMarks(timeline).map(({ at: time, label, colour, data }) => {
    const at = px(x(new Date(time)));
    const anchor: 'start' | 'end' = at > WIDTH - 160 ? 'end' : 'start';
    const width = labelWidth(label);
    const edges = (a: 'start' | 'end', x: number) => (a === 'end' ? [x - width, x] : [x, x + width]) as [number, number];
    const free = rowEnds.findIndex((end) => end < edges(anchor, at)[0]);
    const row = free >= 0 ? free : rowEnds.indexOf(Math.min(...rowEnds));
    // No row is clear: the label starts after the last one on the least crowded row.
    const textAnchor: 'start' | 'end' = free >= 0 ? anchor : 'start';
    const textX = free >= 0 ? (anchor === 'end' ? at - 4 : at + 4) : rowEnds[row]! + 4;
    rowEnds[row] = edges(textAnchor, textX)[1];
    const labelY = 14 + row * 14;
    return (
      `<g ${data}><line x1="${at}" x2="${at}" y1="${labelY + 2}" y2="${HEIGHT - MARGIN.bottom}" stroke="${colour}" stroke-width="1.5" stroke-dasharray="3 3"/>` +
      `<text x="${textX}" y="${labelY}" text-anchor="${textAnchor}" font-size="11" fill="${colour}">${escapeHtml(label)}</text></g>`
    );
  });
  const titleId = `${figure.id}-title`;
  const descId = `${figure.id}-desc`;
  return (
    `<svg role="img" aria-labelledby="${titleId}" aria-describedby="${descId}" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="100%" style="max-width:${WIDTH}px;height:auto">` +
    `<title id="${titleId}">${escapeHtml(figure.title)}</title><desc id="${descId}">${escapeHtml(describeChart(figure, timeline))}</desc>` +
    `${yTicks.join('')}${xTicks.join('')}${lines.join('')}${marks.join('')}</svg>`
  );
}
