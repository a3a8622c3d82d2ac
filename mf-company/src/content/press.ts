/** Press page copy: a placeholder with four categories until the newsroom launches (spec section 2). */
import type { Titled } from './about';

export const pressHero = {
  eyebrow: 'Press',
  title: 'Newsroom',
  description: 'Our newsroom is being set up. Soon you will find our announcements, coverage and brand assets here.',
};

export const pressCategories: readonly Titled[] = [
  { title: 'Press releases', description: 'Company announcements, product launches and partnership news.' },
  { title: 'In the news', description: 'Articles and interviews about Cardlift and card-linked commerce.' },
  { title: 'Media kit', description: 'Logos, product screenshots and leadership photos, with usage guidelines.' },
  { title: 'Media inquiries', description: 'How journalists and analysts can reach our communications team.' },
];

export const pressComingSoon = 'Coming soon';
