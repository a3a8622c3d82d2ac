/**
 * The HTML the api sends for a page: the shell's built index.html with the page's head tags, the
 * inlined registry and a preload of the route's remote manifest filled in.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  headTagsFor,
  INLINE_QUERY_DATA_ELEMENT_ID,
  INLINE_REGISTRY_ELEMENT_ID,
  type HeadTag,
  type InlineQueryData,
  type PageMeta,
  type RemoteEntry,
  type RemoteName,
} from '../contracts';
import { AppError } from '../errors';
import { derivedFromFiles } from './file-derived';
import type { PreloadHint } from './remote-preload';

const escapeHtml = (value: string) =>
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
  read(): string {
    if (!fs.existsSync(this.file)) {
      throw new AppError(503, 'shell_not_built', 'The site is not built yet: run `npm run build`', undefined, true);
    }
    return derivedFromFiles([this.file], () => fs.readFileSync(this.file, 'utf8'));
  }
}

export function shellTemplate(siteRoot: string): HtmlTemplate {
  return new HtmlTemplate(path.join(siteRoot, 'shell', 'dist', 'index.html'));
}

export interface RenderInput {
  meta: PageMeta;
  visitedPath: string;
  registry: RemoteEntry[];
  remote?: RemoteName;
  /** Scripts and styles of the route's remote to fetch in parallel with the shell. */
  preloads?: PreloadHint[];
  /** Query results the page shows at once (its PageMeta.queries, plus the banner). */
  queryData?: InlineQueryData[];
}

export function renderPage(template: string, input: RenderInput): string {
  const head = headTagsFor(input.meta, input.visitedPath).map(renderHeadTag);
  const entry = input.remote && input.registry.find((r) => r.name === input.remote);
  // Start fetching the route's remote manifest in parallel with the shell's own code.
  if (entry) head.push(`<link rel="preload" href="${escapeHtml(entry.entry)}" as="fetch" crossorigin="anonymous">`);
  for (const hint of input.preloads ?? []) head.push(`<link rel="preload" href="${escapeHtml(hint.href)}" as="${hint.as}">`);
  const state = [
    `<script type="application/json" id="${INLINE_REGISTRY_ELEMENT_ID}">${jsonForScript(input.registry)}</script>`,
    `<script type="application/json" id="${INLINE_QUERY_DATA_ELEMENT_ID}">${jsonForScript(input.queryData ?? [])}</script>`,
  ].join('\n    ');
  return template.replace('<!--app-head-->', head.join('\n    ')).replace('<!--app-state-->', state);
}
