/**
 * The seven solution pages: one component, this data. Pure data without assets,
 * because meta.ts (read by the api on the server) derives each page's metadata from it.
 */
export interface Solution {
  slug: string;
  name: string;
  headline: string;
  lead: string;
  description: string;
}

export const solutions = [
  {
    slug: 'retail',
    name: 'Retail',
    headline: 'Turn browsers into repeat shoppers',
    lead: 'Reward the first visit, the bigger basket and the return trip, in store and online, and see exactly which offers moved sales.',
    description:
      'Card-linked offers for retailers: win new shoppers, grow basket size and bring lapsed customers back, measured by real transactions.',
  },
  {
    slug: 'essentials',
    name: 'Essentials',
    headline: 'Become the everyday choice',
    lead: 'Groceries, fuel, pharmacy and home: earn a place in the weekly routine with rewards on the purchases people make every week.',
    description: 'Card-linked offers for everyday essentials brands: grow share of the weekly shop with rewards on routine purchases.',
  },
  {
    slug: 'subscriptions-streaming',
    name: 'Subscriptions + Streaming',
    headline: 'Grow subscribers who stay',
    lead: 'Reward sign-ups and renewals on the card that pays the bill, and cut churn with offers timed to the moments that matter.',
    description:
      'Card-linked offers for subscription and streaming services: acquire subscribers and reduce churn with rewards on recurring payments.',
  },
  {
    slug: 'financial-institutions',
    name: 'Financial Institutions',
    headline: 'Give members rewards they actually use',
    lead: 'Add a ready-made offers experience to your app, lift card engagement and earn new revenue, with no cost to your members.',
    description:
      'Card-linked offers for banks and credit unions: raise card engagement and earn revenue with relevant rewards for members.',
  },
  {
    slug: 'restaurants-food-delivery',
    name: 'Restaurants + Food Delivery',
    headline: 'Fill more tables and more delivery bags',
    lead: 'Bring diners back on quiet nights and win the next delivery order with rewards that land automatically after they pay.',
    description:
      'Card-linked offers for restaurants and food delivery: drive visits and orders on the days you choose, measured by transactions.',
  },
  {
    slug: 'travel-ride-share',
    name: 'Travel + Ride Share',
    headline: 'Be the first trip they book',
    lead: 'Reach travellers as they plan, reward the booking and the ride, and see which offers filled seats and rooms.',
    description: 'Card-linked offers for travel and ride-share brands: win bookings and rides with rewards tied to real spend.',
  },
  {
    slug: 'agencies',
    name: 'Agencies',
    headline: 'A performance channel your clients can trust',
    lead: 'Add card-linked offers to your media plans, with transaction-level reporting you can take straight to the client review.',
    description: 'Card-linked offers for agencies: a measurable performance channel with transaction-level reporting for every client.',
  },
] as const satisfies readonly Solution[];

export type SolutionSlug = (typeof solutions)[number]['slug'];
