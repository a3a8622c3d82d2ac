/** Press page copy: a placeholder with four categories until the newsroom launches. */
import { siteConfig } from '@cardlift/contracts';
import { mailtoHref } from '../lib/mailto';
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
  {
    title: 'Media inquiries',
    description: 'Journalists and analysts reach our communications team by e-mail.',
    // The one part of the newsroom that works today: a reporter on deadline must be able to reach someone.
    link: { href: mailtoHref(siteConfig.pressEmail, 'Media inquiry'), label: siteConfig.pressEmail },
    note: 'Open now',
  },
];

export const pressComingSoon = 'Coming soon';
