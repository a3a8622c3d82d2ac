/**
 * A share card draws a Hebrew or Arabic title in its letters, and leaves out what its fonts cannot
 * draw (Japanese, emoji) rather than drawing a "missing glyph" box for each; a title with nothing
 * drawable gets the site's words. Boxes are all alike, letters are not: two different words of a
 * script draw differently only when their letters are drawn.
 */
import { SITE_CARD, type ShareCard } from '@cardlift/contracts';
import { shareCardSvg } from './share-card-drawing';

const card = (title: string): ShareCard => ({ kind: 'post', slug: 'a-post', title, section: 'Blog' });
const svg = (title: string) => shareCardSvg(card(title));

it.each([
  // Words of the same lengths: their boxes would be the same.
  ['Hebrew', 'שלום עולם', 'מבצע גדול'],
  ['Arabic', 'مرحبا بكم', 'تخفيض لكم'],
])('draws a title in %s letters', async (_script, one, other) => {
  expect(await svg(one)).not.toBe(await svg(other));
});

it.each([
  ['Japanese', 'Offers こんにちは'],
  ['emoji', 'Offers 🎉 👨‍👩‍👧'],
])('leaves %s out of a title rather than drawing boxes', async (_script, title) => {
  expect(await svg(title)).toBe(await svg('Offers'));
});

it('gives a title with nothing it can draw the site’s words', async () => {
  expect(await svg('こんにちは 🎉')).toBe(await shareCardSvg({ ...card(SITE_CARD.title) }));
});
