/** Valid content items (they pass the contract schemas) for tests; override what a test is about. */
import type { BlogPost, BlogPostSummary, CaseStudy } from '@cardlift/contracts';

export function aCaseStudy(overrides: Partial<CaseStudy> = {}): CaseStudy {
  return {
    id: 'sling-tv-case-study',
    title: 'Sling TV turns trials into subscribers',
    client: 'Sling TV',
    clientLogo: '/content-images/case-studies/sling-tv-logo.svg',
    heroImage: '/content-images/case-studies/sling-tv-hero.svg',
    overview: 'Sling TV used card-linked offers to reach new subscribers.',
    challenge: 'Streaming is crowded.\n\n• Rising acquisition costs\n• Churn after trials',
    solution: 'Targeted offers to cardholders who stream.',
    solutionDetails: [
      { icon: 'users', title: 'Audience targeting', description: 'Cardholders likely to subscribe.' },
      { icon: 'card', title: 'Card-linked rewards', description: 'Cash back on the first month.' },
    ],
    results: 'Subscriptions grew quickly.',
    metrics: [
      { metric: 'ROAS', value: '11x', description: 'Return on ad spend.' },
      { label: 'New subscribers', value: '120K', description: 'In the first quarter.' },
    ],
    differentiators: [{ title: 'Closed-loop measurement', description: 'Every sale tied to an offer.' }],
    keyTakeaways: [{ title: 'Reach matters', description: 'Cardholders at scale.' }],
    tags: ['Streaming'],
    excerpt: 'How Sling TV grew subscribers with card-linked offers.',
    publishedDate: '2025-02-10',
    ...overrides,
  };
}

export function aBlogPostSummary(overrides: Partial<BlogPostSummary> = {}): BlogPostSummary {
  return {
    id: 'offers-api-announcement',
    title: 'Introducing the Offers API',
    excerpt: 'Bring card-linked offers into your own app.',
    author: 'Jordan Lee',
    publishedDate: '2025-03-07',
    readTime: '4 min read',
    heroImage: '/content-images/blog/offers-api.svg',
    category: 'Product',
    ...overrides,
  };
}

export function aBlogPost(overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    ...aBlogPostSummary(),
    content: {
      introduction: 'Today we launch the Offers API.',
      sections: [
        { title: 'Why an API', content: 'Partners asked for it.\n\nNow they have it.' },
        { title: 'How it works', content: 'Keys, SDK, offers, go live.' },
      ],
      conclusion: 'We cannot wait to see what you build.',
      callToAction: { title: 'Ready to start?', description: 'Talk to our team.', buttonText: 'Get in Touch' },
    },
    ...overrides,
  };
}
