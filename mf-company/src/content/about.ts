/** About Us copy (hero with a Careers button, four pillars, four values). */
export interface Titled {
  title: string;
  description: string;
  /** A way to act on the card (an e-mail address, say), shown under its text. */
  link?: { href: string; label: string };
  /** This card's own small note, in place of the grid's. */
  note?: string;
}

export const aboutHero = {
  eyebrow: 'About Cardlift',
  title: 'We help brands reward the customers who keep them growing',
  description:
    'Cardlift links offers to the payment cards people already carry. Brands reach new customers and bring loyal ones back, banks give their cardholders more reasons to swipe, and every result is measured on real purchases.',
  careers: { label: 'Careers', href: '/company/careers' },
} as const;

export const pillarsHeading = {
  title: 'What we stand on',
  description: 'Four commitments shape every product we ship and every partnership we sign.',
};

export const pillars: readonly Titled[] = [
  {
    title: 'Reach that matters',
    description:
      'Through our network of banks, fintechs and loyalty programs, brands can reach more than 200 million cardholders where they already spend.',
  },
  {
    title: 'Results you can measure',
    description:
      'Offers are redeemed on settled card transactions, so incremental revenue and return on ad spend are counted, not estimated.',
  },
  {
    title: 'Partnership, one to one',
    description:
      'Every client works with a dedicated success team that plans campaigns, reads the data with them and keeps improving the results.',
  },
  {
    title: 'Privacy by design',
    description:
      'We match offers to purchases without selling personal data, and we collect only what a campaign needs to work and to be measured.',
  },
];

export const valuesHeading = {
  title: 'Our values',
  description: 'How we work with each other, with our partners and with the cardholders we serve.',
};

export const values: readonly Titled[] = [
  {
    title: 'Passion',
    description: 'We care about the craft and about the people on both sides of every transaction.',
  },
  {
    title: 'Grit',
    description: 'Hard problems do not scare us. We stay with them until the numbers move.',
  },
  {
    title: 'Humility',
    description: 'We listen first, share credit, and change our minds when the data tells us to.',
  },
  {
    title: 'Hustle',
    description: 'We move quickly, ship often and treat our partners’ deadlines as our own.',
  },
];
