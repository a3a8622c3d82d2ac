/**
 * The health page's chart as a person reads it: labels of moves a minute apart do not overlap, the
 * time axis speaks one 24-hour style (never "09 PM" beside "09:15"), and the caption's grammar.
 */
import type { ReleaseTimeline, TimelineEvent } from '@cardlift/contracts';
import { slotWords } from './health-page-html';
import { timelineChart } from './timeline-chart';

const from = '2026-11-26T20:00:00.000Z';
const to = '2026-11-26T23:00:00.000Z';
const move = (action: TimelineEvent['action'], minute: number): TimelineEvent => ({
  action,
  version: '1.2.0-0123456789',
  fromVersion: null,
  actor: 'cli',
  at: new Date(Date.parse('2026-11-26T21:00:00.000Z') + minute * 60_000).toISOString(),
});
const timeline: ReleaseTimeline = {
  remote: 'mf_invest',
  hours: 3,
  slotMinutes: 5,
  from,
  to,
  current: '1.2.0-0123456789',
  versions: [],
  events: [move('canary', 0), move('step', 1), move('step', 2), move('promote', 3), move('rollback', 60)],
};
const figure = { id: 'lcp', title: 'LCP p75', unit: ' ms', value: () => null };

/** Each mark's label: its left and right edge (about 6.2 px a character) and its row. */
function labels(svg: string) {
  return [
    ...svg.matchAll(/<text x="([\d.]+)" y="(\d+)" text-anchor="(start|end)" font-size="11" fill="#(?:b91c1c|111111)">([^<]+)<\/text>/g),
  ].map(([, x, y, anchor, text]) => {
    const width = text!.length * 6.2;
    const left = anchor === 'end' ? Number(x) - width : Number(x);
    return { row: Number(y), left, right: left + width };
  });
}

it('draws the labels of moves a minute apart on rows of their own, clear of each other', () => {
  const drawn = labels(timelineChart(figure, timeline));
  expect(drawn).toHaveLength(5);
  for (const a of drawn) for (const b of drawn) if (a !== b && a.row === b.row) expect(a.right < b.left || b.right < a.left).toBe(true);
});

it('writes every time on the axis as 24-hour UTC, in one style', () => {
  const ticks = [...timelineChart(figure, timeline).matchAll(/text-anchor="middle" font-size="11" fill="#57534e">([^<]+)</g)].map(
    (m) => m[1],
  );
  expect(ticks.length).toBeGreaterThan(2);
  expect(ticks.filter((t) => !/^\d{2}:\d{2}$/.test(t!))).toEqual([]);
});

it('says what one point stands for in plain English', () => {
  expect([1, 5, 15, 60].map(slotWords)).toEqual(['minute', '5 minutes', '15 minutes', 'hour']);
});
