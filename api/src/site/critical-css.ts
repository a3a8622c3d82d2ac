/**
 * The rules of a stylesheet a server-rendered page can use at its first paint: those with a selector
 * whose class names all appear in the page's markup. Conservative by design: a rule is dropped only
 * when one of the classes it requires is absent, so what the first paint draws is what the whole
 * sheet would draw (no layout shift when the whole sheet arrives). Classes under `:not()` or in a
 * selector list inside a pseudo-class (`:is(.a, .b)`) are not required; ids, elements and
 * attributes never drop a rule. Two kinds of rule wait for the whole sheet, which arrives before the
 * page's code starts: interaction states (`:hover`, `:focus*`, `:active`), which draw nothing at the
 * first paint, and `@property` registrations of custom properties no kept rule names.
 */
import { LRUCache } from 'lru-cache';
import postcss, { type Container, type Root } from 'postcss';

/** `&amp;` and friends as React writes them in attributes (Tailwind's `[&>svg]:x` classes carry them). */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

/** The class names used in `html` (every `class` attribute's tokens). */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = (match[1] ?? '').replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name] ?? '');
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** Index just past the `)` closing the `(` at `open` (escapes and quoted strings skipped). */
function closingParen(selector: string, open: number): number {
  let depth = 0;
  for (let i = open; i < selector.length; i++) {
    const ch = selector[i];
    if (ch === '\\') i++;
    else if (ch === '"' || ch === "'") i = selector.indexOf(ch, i + 1);
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i + 1;
    if (i < 0) break;
  }
  return selector.length;
}

function hasTopLevelComma(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) return true;
  }
  return false;
}

/** The selector without what does not have to match: attribute tests, `:not()`, alternatives. */
function requiredPart(selector: string): string {
  let out = '';
  for (let i = 0; i < selector.length; i++) {
    const ch = selector[i] as string;
    if (ch === '\\') {
      out += selector.slice(i, i + 2);
      i++;
    } else if (ch === '[') {
      // An unescaped bracket opens an attribute test (Tailwind escapes its arbitrary values' brackets).
      const end = selector.indexOf(']', i);
      i = end < 0 ? selector.length : end;
    } else if (ch === '(') {
      const end = closingParen(selector, i);
      const inner = selector.slice(i + 1, end - 1);
      if (!/:not$/.test(out) && !hasTopLevelComma(inner)) out += `(${requiredPart(inner)})`;
      i = end - 1;
    } else out += ch;
  }
  return out;
}

const unescapeCss = (name: string) =>
  name.replace(/\\([0-9a-fA-F]{1,6}\s?|[\s\S])/g, (_, escaped: string) =>
    /^[0-9a-fA-F]/.test(escaped) && escaped.trim().length > 1 ? String.fromCodePoint(parseInt(escaped, 16)) : escaped.trim() || escaped,
  );

/** The class names a selector requires of the markup. */
export function requiredClasses(selector: string): string[] {
  return [...requiredPart(selector).matchAll(/\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[\s\S]|[\w-]|\P{ASCII})+)/gu)].map((m) =>
    unescapeCss(m[1] as string),
  );
}

const INTERACTION_STATE = /:(hover|focus|focus-visible|focus-within|active)\b/;

/**
 * What each selector needs at the first paint (null: an interaction state, never), read once: a
 * sheet's selectors are the same for every page it is cut for.
 */
const needs = new LRUCache<string, { classes: string[] | null }>({ max: 20_000 });

/** Whether a selector can match at the first paint of markup using only `classes`. */
function matchesFirstPaint(selector: string, classes: ReadonlySet<string>): boolean {
  let need = needs.get(selector);
  if (!need) {
    need = { classes: INTERACTION_STATE.test(requiredPart(selector)) ? null : requiredClasses(selector) };
    needs.set(selector, need);
  }
  return need.classes !== null && need.classes.every((name) => classes.has(name));
}

/** Drops rules (and at-rules left empty) no selector of which can match markup using only `classes`. */
function prune(container: Container, classes: ReadonlySet<string>): void {
  container.each((node) => {
    if (node.type === 'rule') {
      const kept = node.selectors.filter((selector) => matchesFirstPaint(selector, classes));
      if (kept.length === 0) node.remove();
      else if (kept.length < node.selectors.length) node.selectors = kept;
    } else if (node.type === 'atrule' && node.nodes) {
      prune(node, classes);
      if (node.nodes.length === 0) node.remove();
    }
  });
}

/** The part of `sheet` (parsed once by the caller) the markup's `classes` can use. */
export function criticalCss(sheet: Root, classes: ReadonlySet<string>): string {
  const copy = sheet.clone();
  prune(copy, classes);
  const named = new Set<string>();
  copy.walkDecls((decl) => {
    for (const match of decl.value.matchAll(/var\(\s*(--[\w-]+)/g)) named.add(match[1] as string);
  });
  copy.walkAtRules('property', (rule) => {
    if (!named.has(rule.params.trim())) rule.remove();
  });
  return copy.toString();
}

export function parseSheet(css: string): Root {
  return postcss.parse(css);
}
