import type { Feature } from './coverage';

export const offersNetworkContent = {
  hero: {
    eyebrow: 'Offers Network',
    title: 'Put your brand in front of cardholders you cannot reach alone',
    lead: 'Join a network of banks, credit unions and fintech apps that show your offer to their members and reward them when they shop with you.',
  },
  featuresTitle: 'Why brands join the network',
  features: [
    {
      title: 'Easy Onboarding',
      description:
        'Share your locations and goals, and we build, test and launch the campaign. Most brands go live in under two weeks, with no code to write and no point-of-sale change.',
    },
    {
      title: 'Straightforward Economics',
      description:
        'You pay for sales that happen, not for impressions. Brands on the network see an average 10x performance increase over their usual acquisition channels.',
    },
    {
      title: 'Card-Linked Offers',
      description:
        'Reach over 200M additional customers through our financial partners. Shoppers activate an offer in their banking app and earn cash back automatically when they pay with that card.',
    },
  ] satisfies Feature[],
  /** The two figures, called out beside the features. */
  figures: [
    { value: '200M', label: 'additional customers through financial partners' },
    { value: '10x', label: 'average performance increase' },
  ],
  logosTitle: 'Brands growing on the network',
} as const;
