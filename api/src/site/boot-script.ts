/**
 * The boot script goes into the page itself, first in the head, instead of a deferred file. It is
 * under 2 KB, and as a file it was one more request on the way to the first paint on a slow network
 * (measured: first contentful paint 200 ms later under Lighthouse's mobile throttling). At the top of
 * the head (after only the first view's font preloads) it notes presses before any of the page is painted; the rest of its work waits until the
 * page and its data blocks are parsed, as the deferred file did. The Content-Security-Policy allows
 * it by its SHA-256, never 'unsafe-inline'.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cspHashSource } from '../platform/security-headers';

export interface PageTemplate {
  html: string;
  /** The boot script's code and CSP source, when the template's script could be read. */
  boot?: { code: string; cspSource: string };
}

const BOOT_TAG = /<script defer src="(\/assets\/boot\.[^"]+\.js)"><\/script>/;

/** `html` (the shell's built index.html) with its boot script taken out, to be inlined by the renderer. */
export function withInlineBoot(html: string, shellDist: string): PageTemplate {
  const tag = BOOT_TAG.exec(html);
  if (!tag) return { html };
  let code: string;
  try {
    code = fs.readFileSync(path.join(shellDist, tag[1] as string), 'utf8');
  } catch {
    return { html };
  }
  // Code that could end the element early stays a file.
  if (/<\/script/i.test(code)) return { html };
  const cspSource = cspHashSource(code);
  return { html: html.replace(tag[0], ''), boot: { code, cspSource } };
}
