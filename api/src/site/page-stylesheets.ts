/**
 * The stylesheets of a page's first paint, inlined into its HTML: a linked stylesheet blocks the first
 * paint for a round trip of its own; inlined, the page paints as soon as its HTML arrives, as fast as
 * a static page. A server-rendered page inlines only the rules its markup uses (first-paint-sheets.ts). The Content-Security-Policy allows each inlined sheet by its SHA-256, never by
 * 'unsafe-inline'. A sheet that is too large, or that names a file by a relative url() (which would
 * resolve against the page instead of the sheet), stays a link.
 */
import fs from 'node:fs';
import { cspHashSource } from '../platform/security-headers';

/** Larger sheets are linked: they would weigh on every page's HTML. */
const MAX_INLINE_BYTES = 96 * 1024;

export interface PageStylesheet {
  href: string;
  /**
   * The sheet's text and its CSP source (`'sha256-...'`), when it is inlined; `partial` when only the
   * rules the page's markup uses are (first-paint-sheets.ts), the whole sheet following as a link.
   */
  inline?: { css: string; cspSource: string; partial?: boolean };
  /** A section's sheet, which its federation runtime also loads when the section's code starts. */
  federated?: boolean;
}

const RELATIVE_URL = /url\(\s*['"]?(?![a-z][\w+.-]*:|\/|#)/i;

/**
 * `href` served from `file`: inlined when it can be, else linked. Read when the shell's or the
 * remote's start is (re)derived from its build files (shell-startup.ts, remote-startup.ts), not per page.
 */
export function pageStylesheet(href: string, file: string): PageStylesheet {
  let css: string;
  try {
    css = fs.readFileSync(file, 'utf8');
  } catch {
    return { href };
  }
  if (Buffer.byteLength(css) > MAX_INLINE_BYTES || RELATIVE_URL.test(css) || /<\/style/i.test(css)) return { href };
  return { href, inline: { css, cspSource: cspHashSource(css) } };
}

/** The CSP sources that allow the page's inlined sheets. */
export function inlineStyleSources(sheets: readonly PageStylesheet[]): string[] {
  return sheets.flatMap((s) => (s.inline ? [s.inline.cspSource] : []));
}
