/** Copy of the home page. */
export const homeContent = {
  hero: {
    title: 'Card-linked offers that bring customers back',
    lead: 'Cardlift places your offers inside the banking apps people already use, rewards them when they buy, and shows you exactly what each offer earned.',
    learnMore: { label: 'Learn More', topic: 'card-linked offers', href: '/products/card-linked-offers' },
  },
  /** The three claims. */
  proofPills: ['200+ million cardholders', '1:1 client success support', 'Leading iROAS'],
  products: {
    title: 'Two ways to grow with Cardlift',
    items: [
      {
        name: 'Card-Linked Offers',
        description:
          'Reward shoppers with cash back on the cards they already carry. No codes, no coupons: the purchase itself is the redemption, so every sale is measured.',
        href: '/products/card-linked-offers',
        cta: 'Explore Card-Linked Offers',
      },
      {
        name: 'Offers Network',
        description:
          'Reach over 200M additional customers through our financial partners, with easy onboarding, straightforward economics and an average 10x performance increase.',
        href: '/products/offers-network',
        cta: 'Explore the Offers Network',
      },
    ],
  },
  logosTitle: 'Trusted by banks and credit unions',
  results: {
    title: 'See the results',
    description: 'How brands use Cardlift to win new customers and keep the ones they have.',
    viewAll: { label: 'View all case studies', href: '/case-studies' },
    /** The home shows 3 case studies. */
    count: 3,
    empty: 'New case studies are on their way. Check back soon.',
    error: 'Case studies could not be loaded right now.',
  },
} as const;
