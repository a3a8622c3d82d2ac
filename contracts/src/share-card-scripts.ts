/**
 * What a share card's fonts draw: Latin, Greek and Cyrillic (Inter), Hebrew and Arabic (Noto Sans),
 * with their accents, digits and everyday punctuation and symbols. Japanese, Chinese, Korean, other
 * scripts and emoji would need fonts of several megabytes: the card leaves those characters out
 * (never a "missing glyph" box), and the editor says so beside the title. The api's drawing also
 * leaves out whatever its fonts turn out not to have, so this list may be short of a rare symbol
 * but never draws one wrong.
 */

/** The scripts named to a person ("draws Latin, Greek, …"). */
export const SHARE_CARD_SCRIPTS = ['Latin', 'Greek', 'Cyrillic', 'Hebrew', 'Arabic'] as const;

const DRAWN = new RegExp(
  `^(?:${SHARE_CARD_SCRIPTS.map((s) => `\\p{Script=${s}}`).join('|')}|\\p{Script=Inherited}|[\\s\\u0021-\\u00FF\\u2000-\\u206F\\u20A0-\\u20C0\\u2100-\\u215F\\u2190-\\u2199])$`,
  'u',
);

// By grapheme, so an emoji made of several code points (a flag, a family) is one character left out.
const graphemes = (text: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);

/** The characters of `text` a share card leaves out, each once, in the order they appear. */
export function undrawnOnShareCard(text: string): string[] {
  const undrawn = new Set<string>();
  for (const segment of graphemes(text))
    // U+FE0F asks for an emoji's colour picture (©️, ™️), which the card has no font for.
    if (segment.includes('\uFE0F') || ![...segment].every((c) => DRAWN.test(c))) undrawn.add(segment);
  return [...undrawn];
}

/**
 * `text` as a share card draws it: what it cannot draw left out, the spaces that leaves tidied.
 * `alsoLeaveOut`: characters the fonts turned out to lack (a character made with one goes too).
 */
export function drawableOnShareCard(text: string, alsoLeaveOut: readonly string[] = []): string {
  const out = new Set(undrawnOnShareCard(text));
  const lacking = new Set(alsoLeaveOut);
  const kept = graphemes(text)
    .filter((segment) => !out.has(segment) && ![...segment].some((c) => lacking.has(c)))
    .join('');
  return kept.replace(/\s+/g, ' ').trim();
}
