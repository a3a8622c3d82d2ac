/**
 * A page's inlined stylesheets cut to the rules its server-rendered markup uses (critical-css.ts).
 * The whole sheets (shell and section, about 43 KB raw) cost every page's HTML a few kilobytes over
 * the first TCP round trip, though a page uses a few hundred of their classes. The rest arrives as a
 * non-blocking link (html-renderer.ts). Each cut is made once per sheet and rendered body (the pool
 * keeps bodies per build and route, so the same string comes back), never per request: the router
 * does not cut for a body rendered for one visitor.
 */
import { LRUCache } from 'lru-cache';
import type { Root } from 'postcss';
import { cspHashSource } from '../platform/security-headers';
import { classesIn, criticalCss, parseSheet } from './critical-css';
import type { PageStylesheet } from './page-stylesheets';

type Inline = NonNullable<PageStylesheet['inline']>;

/** A cut that saves less than this share of the sheet is not worth a second request: the sheet stays whole. */
const MIN_SAVING = 0.1;

interface SheetCuts {
  parsed?: Root;
  /** By rendered body: kept bodies come back as the same strings, whose hash V8 keeps. */
  byBody: LRUCache<string, Inline>;
}

/** Per inlined sheet (the same object while its build is unchanged: shell-startup.ts, remote-startup.ts). */
const cuts = new WeakMap<Inline, SheetCuts>();

function cutFor(inline: Inline, appHtml: string, classes: () => Set<string>): Inline {
  let sheet = cuts.get(inline);
  if (!sheet) {
    sheet = { byBody: new LRUCache({ max: 100 }) };
    cuts.set(inline, sheet);
  }
  const kept = sheet.byBody.get(appHtml);
  if (kept) return kept;
  sheet.parsed ??= parseSheet(inline.css);
  const css = criticalCss(sheet.parsed, classes());
  const cut: Inline = css.length > inline.css.length * (1 - MIN_SAVING) ? inline : { css, cspSource: cspHashSource(css), partial: true };
  sheet.byBody.set(appHtml, cut);
  return cut;
}

/**
 * `sheets` with each inlined one cut to what `appHtml` uses. A page the browser renders ('') keeps
 * whole sheets: there is no markup to cut for, and its first paint comes from script anyway.
 */
export function firstPaintSheets(sheets: readonly PageStylesheet[], appHtml: string): PageStylesheet[] {
  if (!appHtml) return [...sheets];
  let classes: Set<string> | undefined;
  const used = () => (classes ??= classesIn(appHtml));
  return sheets.map((sheet) => (sheet.inline ? { ...sheet, inline: cutFor(sheet.inline, appHtml, used) } : sheet));
}
