/**
 * The release health page's HTML: a form (section, window, release token) and, once answered, each
 * version's p75 INP and error rate over time as charts, with the same figures as tables for whoever
 * cannot read a chart. No script and no <style> element (the CSP allows style attributes only).
 */
import { REMOTES, type ReleaseTimeline, type RemoteName } from '@cardlift/contracts';
import { escapeHtml } from '../site/html-renderer';
import { eventLabel, experimentLabel, styleOf, timelineChart, utcTime, type ChartFigure } from './timeline-chart';

export const HEALTH_PAGE_PATH = '/releases/health';
/** The windows offered, in hours: up to the 14 days the measurements are kept. */
export const HEALTH_PAGE_WINDOWS = [1, 6, 24, 72, 168, 336] as const;
/** The window that starts where the running canary did (its hours are worked out when asked). */
export const SINCE_CANARY = 'canary';

export interface HealthPageInput {
  remote?: RemoteName;
  hours?: number;
  /** The window asked for was "since the canary started". */
  sinceCanary?: boolean;
  /** What went wrong with the last submission, said beside the form. */
  error?: string;
  timeline?: ReleaseTimeline;
}

const FIGURES: ChartFigure[] = [
  { id: 'inp-chart', title: 'p75 Interaction to Next Paint (INP) by version', unit: ' ms', value: (s) => s.p75.inp },
  { id: 'errors-chart', title: 'Errors per 100 page views by version', unit: '', value: (s) => s.errorsPer100 },
];

const windowLabel = (hours: number) => (hours === 1 ? 'last hour' : hours < 72 ? `last ${hours} hours` : `last ${hours / 24} days`);
const remoteLabel = (name: RemoteName) => REMOTES.find((r) => r.name === name)?.label ?? name;
const cell = (value: number | null, unit = '') => (value === null ? '–' : `${value}${unit}`);

function form({ remote, hours = 24, sinceCanary, error }: HealthPageInput): string {
  const options = REMOTES.map(
    (r) => `<option value="${r.name}"${r.name === remote ? ' selected' : ''}>${escapeHtml(r.label)} (${r.name})</option>`,
  ).join('');
  const windows =
    HEALTH_PAGE_WINDOWS.map((h) => `<option value="${h}"${h === hours && !sinceCanary ? ' selected' : ''}>${windowLabel(h)}</option>`).join(
      '',
    ) + `<option value="${SINCE_CANARY}"${sinceCanary ? ' selected' : ''}>since the canary started</option>`;
  const field = 'display:block;margin:4px 0 12px;padding:6px 8px;font:inherit;border:1px solid #57534e;border-radius:3px;min-width:260px';
  const invalid = error ? ' aria-invalid="true" aria-describedby="health-form-error"' : '';
  return (
    `<form method="post" action="${HEALTH_PAGE_PATH}" style="margin:16px 0 24px">` +
    `<label for="health-remote">Section</label><select id="health-remote" name="remote" style="${field}">${options}</select>` +
    `<label for="health-hours">Window</label><select id="health-hours" name="hours" style="${field}">${windows}</select>` +
    `<label for="health-token">Release token of the section</label>` +
    `<input id="health-token" name="token" type="password" autocomplete="off" required style="${field}"${invalid}>` +
    (error ? `<p id="health-form-error" role="alert" style="color:#b91c1c;font-weight:600">${escapeHtml(error)}</p>` : '') +
    `<button type="submit" style="padding:8px 16px;font:inherit;color:#fff;background:#5a012b;border:0;border-radius:3px">Show health</button></form>`
  );
}

function legend(timeline: ReleaseTimeline): string {
  const items = timeline.versions.map((v, i) => {
    const { colour, dash } = styleOf(i);
    const sample = `<svg aria-hidden="true" width="32" height="10"><line x1="0" x2="32" y1="5" y2="5" stroke="${colour}" stroke-width="3"${dash ? ` stroke-dasharray="${dash}"` : ''}/></svg>`;
    return `<li style="display:inline-flex;align-items:center;gap:6px;margin-right:16px">${sample}${escapeHtml(v.version)}${v.current ? ' (current)' : ''}</li>`;
  });
  return `<ul aria-label="Versions" style="list-style:none;padding:0;margin:4px 0">${items.join('')}</ul>`;
}

function tables(timeline: ReleaseTimeline): string {
  const rows = timeline.versions.flatMap((v) =>
    v.slots
      .filter((s) => s.views > 0)
      .map(
        (s) =>
          `<tr><td>${escapeHtml(v.version)}</td><td>${utcTime(s.start)}</td><td>${s.views}</td><td>${cell(s.p75.inp, ' ms')}</td>` +
          `<td>${cell(s.p75.lcp, ' ms')}</td><td>${cell(s.p75.cls)}</td><td>${cell(s.errorsPer100)}</td></tr>`,
      ),
  );
  const events = timeline.events.map(
    (e) =>
      `<tr><td>${utcTime(e.at)}</td><td>${escapeHtml(eventLabel(e))}</td><td>${escapeHtml(e.fromVersion ?? '–')}</td><td>${escapeHtml(e.actor)}</td></tr>`,
  );
  const experiments = (timeline.experiments ?? []).map(
    (m) =>
      `<tr><td>${utcTime(m.at)}</td><td>${escapeHtml(experimentLabel(m))}</td><td>${escapeHtml(m.path)}</td><td>${escapeHtml(m.actor)}</td></tr>`,
  );
  const head = (cells: string[]) =>
    `<tr>${cells.map((c) => `<th scope="col" style="text-align:left;padding-right:12px">${c}</th>`).join('')}</tr>`;
  return (
    `<details style="margin:16px 0"><summary>The figures as tables</summary>` +
    `<table><caption style="text-align:left;font-weight:600">Figures per version and ${timeline.slotMinutes}-minute slot (slots with page views)</caption>` +
    `<thead>${head(['Version', 'Slot from', 'Views', 'p75 INP', 'p75 LCP', 'p75 CLS', 'Errors per 100 views'])}</thead><tbody>${rows.join('')}</tbody></table>` +
    `<table style="margin-top:16px"><caption style="text-align:left;font-weight:600">Releases, promotions and rollbacks</caption>` +
    `<thead>${head(['Time', 'Move', 'Served before', 'By'])}</thead><tbody>${events.join('')}</tbody></table>` +
    `<table style="margin-top:16px"><caption style="text-align:left;font-weight:600">Experiments on this section's pages</caption>` +
    `<thead>${head(['Time', 'Move', 'Page', 'By'])}</thead><tbody>${experiments.join('')}</tbody></table></details>`
  );
}

function results(timeline: ReleaseTimeline): string {
  const name = remoteLabel(timeline.remote);
  const summary = timeline.versions.length
    ? `Current version: ${escapeHtml(timeline.current ?? 'none (the build shipped with the site)')}. One point per ${slotWords(timeline.slotMinutes)}, times in UTC.`
    : 'No page views were reported in this window.';
  const charts = FIGURES.map((f) => `<h3 style="margin:24px 0 4px">${escapeHtml(f.title)}</h3>${timelineChart(f, timeline)}`);
  return (
    `<section aria-labelledby="health-results"><h2 id="health-results">${escapeHtml(name)} (${timeline.remote}), ${windowLabel(timeline.hours)}</h2>` +
    `<p>${summary}</p>${legend(timeline)}${charts.join('')}${tables(timeline)}</section>`
  );
}

export function renderHealthPage(input: HealthPageInput): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex, nofollow"><title>Release health</title></head>` +
    `<body style="margin:0;background:#fbfaf8;color:#111111;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;line-height:1.5">` +
    `<main style="max-width:820px;margin:0 auto;padding:24px 16px"><h1 style="margin-top:0">Release health</h1>` +
    `<p>How each version of a section fares with real visitors: p75 Interaction to Next Paint and errors per 100 page views over time, ` +
    `with every release, promotion and rollback marked. Enter the section's release token to see them.</p>` +
    `${form(input)}${input.timeline ? results(input.timeline) : ''}</main></body></html>`
  );
}

/** "minute", "5 minutes", "hour": what one point of the chart stands for. */
export const slotWords = (minutes: number) =>
  minutes === 1 ? 'minute' : minutes === 60 ? 'hour' : minutes % 60 === 0 ? `${minutes / 60} hours` : `${minutes} minutes`;
