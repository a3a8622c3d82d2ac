/**
 * The HTML the api sends for a page: the shell's built index.html with the page's head tags, its
 * stylesheets, the body rendered on the server, and the data the browser starts from (registry,
 * query data, frame, and what the boot script fetches).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  CONTACT_FORM_ID,
  CONTACT_PAGE_FIELD,
  DEFAULT_PAGE_FRAME,
  DEFERRED_SHEET_ATTRIBUTE,
  headTagsFor,
  INLINE_CONTACT_FORM_ELEMENT_ID,
  INLINE_BOOT_ELEMENT_ID,
  INLINE_PAGE_FRAME_ELEMENT_ID,
  INLINE_QUERY_DATA_ELEMENT_ID,
  INLINE_REGISTRY_ELEMENT_ID,
  INLINE_SITE_ADDRESSES_ELEMENT_ID,
  MAIN_CONTENT_ID,
  siteAddresses,
  type Attribution,
  type BootData,
  type ContactFormState,
  type HeadTag,
  type InlineQueryData,
  type PageMeta,
  type RemoteEntry,
} from '@cardlift/contracts';
import { Unavailable } from '../platform/errors';
import { derivedFromFiles } from './file-derived';
import type { PageStylesheet } from './page-stylesheets';
import { withInlineBoot, type PageTemplate } from './boot-script';

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside <script>: `<` escaped so no string can close the element. */
export const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function renderHeadTag(tag: HeadTag): string {
  switch (tag.kind) {
    case 'title':
      return `<title>${escapeHtml(tag.text)}</title>`;
    case 'meta':
      return `<meta ${tag.key}="${escapeHtml(tag.id)}" content="${escapeHtml(tag.content)}">`;
    case 'link':
      return `<link rel="${escapeHtml(tag.rel)}" href="${escapeHtml(tag.href)}">`;
    case 'jsonld':
      return `<script type="application/ld+json">${jsonForScript(tag.json)}</script>`;
  }
}

export class HtmlTemplate {
  constructor(private readonly file: string) {}

  /** The template, re-read when the shell is rebuilt (no restart needed). */
  read(): PageTemplate {
    if (!fs.existsSync(this.file)) {
      throw new Unavailable('shell_not_built', 'The site is not built yet: run `npm run build`');
    }
    return derivedFromFiles([this.file], () => withInlineBoot(fs.readFileSync(this.file, 'utf8'), path.dirname(this.file)));
  }
}

export function shellTemplate(siteRoot: string): HtmlTemplate {
  return new HtmlTemplate(path.join(siteRoot, 'shell', 'dist', 'index.html'));
}

export interface RenderInput {
  meta: PageMeta;
  visitedPath: string;
  registry: RemoteEntry[];
  /** Stylesheets of the first paint: the shell's, then the route's remote's (inlined where they can be). */
  stylesheets: PageStylesheet[];
  /** Font files of the first paint, preloaded so text is drawn in them from the start. */
  fonts?: string[];
  /** What the boot script fetches once the page is painted. */
  boot: BootData;
  /** Query results the page shows at once (its PageMeta.queries, plus the banner). */
  queryData?: InlineQueryData[];
  /** The preview bar's HTML (preview-bar.ts), outside the page's root, when the page is a preview. */
  previewBar?: string;
  /** The page body rendered on the server ('' leaves it to the browser). */
  appHtml?: string;
  /** The contact form's state the body was rendered with, inlined so that hydration finds the same form. */
  contactForm?: ContactFormState;
  /** Where the visit came from, as hidden fields of the contact form (sent by a post without script). */
  formAttribution?: Attribution;
  /** The page field (leads/lead-views.ts), as a hidden field of the contact form: the same for every visitor of the page. */
  formPage?: string;
}

/**
 * Hidden fields outside the rendered body, joined to the form by its id: the body stays the one kept
 * for every visitor of the path, and hydration never meets them.
 */
function attributionFields(input: RenderInput): string[] {
  const hasForm = { ...DEFAULT_PAGE_FRAME, ...input.meta.frame }.contactForm;
  if (!hasForm) return [];
  const fields = { ...input.formAttribution, ...(input.formPage ? { [CONTACT_PAGE_FIELD]: input.formPage } : {}) };
  return Object.entries(fields).map(
    ([name, value]) => `<input type="hidden" form="${CONTACT_FORM_ID}" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
  );
}

/**
 * A section's runtime loads its sheet when the section's code starts, unless a stylesheet link with
 * its full URL is already in the page (Rspack's CSS chunk loading looks for one). An inlined sheet
 * has no link, so it was fetched and applied a second time, restyling the whole page in one long
 * task. This link names it and, disabled, is never fetched or applied. It names the sheet by path:
 * nothing in a page is built from the request's Host (a forged one would be copied into the page and
 * its cache), and the shell turns the path into the URL the browser resolved before any section's
 * code runs (`resolveInlinedSheetMarkers`).
 */
function inlinedSheetMarker(href: string): string {
  return `<link rel="stylesheet" href="${escapeHtml(href)}" disabled>`;
}

/**
 * The whole sheet behind a partly inlined one: `media="print"` loads it without blocking the first
 * paint, and the boot script applies it once it has arrived (before the code that can show markup
 * the inlined part does not cover: menus, dialogs, other pages). Without script, the `<noscript>`
 * copy applies it. A section's runtime does not take it for its sheet (it names a path, and the shell
 * resolves only the disabled marker's: rewriting an applied link's href would load it again), so the
 * marker stays.
 */
function deferredSheet(href: string): string[] {
  const attribute = escapeHtml(href);
  return [
    `<link rel="stylesheet" href="${attribute}" media="print" ${DEFERRED_SHEET_ATTRIBUTE}>`,
    `<noscript><link rel="stylesheet" href="${attribute}"></noscript>`,
  ];
}

/**
 * Holds the first paint until the page's `<main>` is parsed. Chromium paints a document it is still
 * parsing whenever the parser yields (a slow phone, a busy one): a frame with half the header's menus,
 * or a centred button before its words, which the rest of the markup then moves (a layout shift of
 * about 0.01). A page's whole HTML comes in the first round trip (each is kept under 14 KB
 * compressed), so the wait is parse time only; browsers without `rel=expect` paint as before.
 */
function firstPaintAfterMain(appHtml: string | undefined): string[] {
  return appHtml?.includes(`id="${MAIN_CONTENT_ID}"`) ? [`<link rel="expect" href="#${MAIN_CONTENT_ID}" blocking="render">`] : [];
}

export function renderPage(template: PageTemplate, input: RenderInput): string {
  // Fonts are fetched in CORS mode: without `crossorigin` the preloaded copy would not be used.
  const fontPreloads = (input.fonts ?? []).map(
    (href) => `<link rel="preload" href="${escapeHtml(href)}" as="font" type="font/woff2" crossorigin>`,
  );
  const head = headTagsFor(input.meta, input.visitedPath).map(renderHeadTag);
  for (const sheet of input.stylesheets) {
    // data-href names the file the rules came from (a reader of the HTML, a test, a debugger).
    head.push(
      sheet.inline
        ? `<style data-href="${escapeHtml(sheet.href)}">${sheet.inline.css}</style>`
        : `<link rel="stylesheet" href="${escapeHtml(sheet.href)}">`,
    );
    if (sheet.inline?.partial) head.push(...deferredSheet(sheet.href));
    if (sheet.inline && sheet.federated) head.push(inlinedSheetMarker(sheet.href));
  }
  const state = [
    `<script type="application/json" id="${INLINE_SITE_ADDRESSES_ELEMENT_ID}">${jsonForScript(siteAddresses())}</script>`,
    `<script type="application/json" id="${INLINE_REGISTRY_ELEMENT_ID}">${jsonForScript(input.registry)}</script>`,
    `<script type="application/json" id="${INLINE_QUERY_DATA_ELEMENT_ID}">${jsonForScript(input.queryData ?? [])}</script>`,
    `<script type="application/json" id="${INLINE_PAGE_FRAME_ELEMENT_ID}">${jsonForScript(input.meta.frame ?? {})}</script>`,
    `<script type="application/json" id="${INLINE_BOOT_ELEMENT_ID}">${jsonForScript(input.boot)}</script>`,
    ...(input.contactForm
      ? [`<script type="application/json" id="${INLINE_CONTACT_FORM_ELEMENT_ID}">${jsonForScript(input.contactForm)}</script>`]
      : []),
    ...attributionFields(input),
  ];
  // Ahead of everything that can be painted: it listens for presses before any of the page is drawn,
  // and does the rest (reading the blocks above, fetching the code) once the document is parsed.
  if (template.boot) head.unshift(`<script>${template.boot.code}</script>`);
  // Ahead of even that script: a parser that stops to run an inline script has not yet seen what
  // follows it, and the first paint waits on the font (its request went out some 50 ms later).
  head.unshift(...fontPreloads, ...firstPaintAfterMain(input.appHtml));
  // Functions as replacements: a `$` in the page's HTML must stay a `$`.
  return template.html
    .replace('<!--app-head-->', () => head.join('\n    '))
    .replace('<!--app-html-->', () => input.appHtml ?? '')
    .replace('<!--app-state-->', () => [...(input.previewBar ? [input.previewBar] : []), ...state].join('\n    '));
}
