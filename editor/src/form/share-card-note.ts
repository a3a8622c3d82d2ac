/**
 * What a title's share card leaves out, said beside the title as it is typed: the card's fonts draw
 * some scripts only (share-card-scripts.ts), and a person should learn that before the link is shared.
 */
import { drawableOnShareCard, SHARE_CARD_SCRIPTS, undrawnOnShareCard } from '@cardlift/contracts';

const SCRIPTS = `${SHARE_CARD_SCRIPTS.slice(0, -1).join(', ')} and ${SHARE_CARD_SCRIPTS.at(-1)}`;

export function shareCardNote(title: string): string | undefined {
  const undrawn = undrawnOnShareCard(title);
  if (!undrawn.length) return undefined;
  const shown = drawableOnShareCard(title) ? 'leaves out' : 'shows the site’s own words instead, as it cannot draw';
  return `The page’s share image ${shown} ${undrawn.join(' ')} (its fonts draw ${SCRIPTS} only).`;
}
