import type { Banners } from '@cardlift/contracts';

/** The home hero's Learn More link is hidden when the home banner points at the 'default' post. */
export function showLearnMore(banners: Banners | undefined): boolean {
  return banners?.secondary?.blogPostId !== 'default';
}
