/**
 * The bar every page shown with a preview carries, so a preview is never mistaken for the live site:
 * "Preview: not live", what is previewed (a content item's draft, a section's release candidate) and
 * an "Exit preview" link that ends it and comes back to the same page as visitors see it.
 *
 * It sits outside the page's own root (React never hydrates it) and is fixed to the bottom of the
 * viewport, so it moves nothing on the page. Pages with a preview are answered `private, no-store`
 * (site-router.ts), so no shared cache can ever hold a page with the bar. Styled by attributes (the
 * pages' policy allows style attributes, not inline <style> elements), in high contrast.
 */
import { escapeHtml } from './html-renderer';

export const PREVIEW_BAR_ID = 'cardlift-preview-bar';
export const EXIT_PREVIEW_PATH = '/api/preview/exit';

const BAR_STYLE = [
  'position:fixed',
  'inset-inline:0',
  'bottom:0',
  'z-index:2147483647',
  'display:flex',
  'flex-wrap:wrap',
  'align-items:center',
  'justify-content:center',
  'gap:4px 16px',
  'padding:8px 16px',
  'background:#111',
  'color:#fff',
  'font:600 14px/1.4 system-ui,sans-serif',
  'box-shadow:0 -2px 8px rgba(0,0,0,.3)',
].join(';');
const LINK_STYLE = 'color:#fff;text-decoration:underline;text-underline-offset:3px;padding:4px 0';

/** The bar's HTML for a page at `visitedPath` previewing `what` (each entry a sentence). */
export function previewBar(what: readonly string[], visitedPath: string): string {
  const exit = `${EXIT_PREVIEW_PATH}?to=${encodeURIComponent(visitedPath)}`;
  return [
    `<aside id="${PREVIEW_BAR_ID}" aria-label="Preview" style="${BAR_STYLE}">`,
    `<strong>Preview: not live.</strong>`,
    `<span style="font-weight:400">${what.map((line) => escapeHtml(line)).join(' · ')}</span>`,
    `<a href="${escapeHtml(exit)}" style="${LINK_STYLE}">Exit preview</a>`,
    `</aside>`,
  ].join('');
}
