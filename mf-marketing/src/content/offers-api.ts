import type { FaqItem } from '@cardlift/shell/ui';
import type { Feature } from './coverage';

export const offersApiContent = {
  hero: {
    eyebrow: 'Offers API',
    title: 'Build rewards into your app with the Offers API',
    lead: 'One API gives your cardholders thousands of cash-back offers from national and local brands. You own the experience; we handle the brands, matching and payouts.',
  },
  logosTitle: 'Banks building with the Offers API',
  paths: [
    {
      title: 'For developers',
      description: 'See how an integration works, from API keys to your first live offer.',
      target: 'how-it-works',
      cta: 'See how it works',
    },
    {
      title: 'For business teams',
      description: 'See how you track performance and how commission is paid out every month.',
      target: 'get-paid',
      cta: 'See how you get paid',
    },
  ],
  howItWorks: {
    id: 'how-it-works',
    title: 'How it works',
    steps: [
      { title: 'Get your API keys', description: 'Create a sandbox account and get keys for test and live environments.' },
      { title: 'Integrate the SDK', description: 'Add our SDK for web, iOS or Android, or call the REST API directly.' },
      { title: 'Configure your offers', description: 'Choose categories, brands and placements that fit your cardholders.' },
      { title: 'Go live', description: 'Switch to live keys and start earning on every redeemed offer.' },
    ] satisfies Feature[],
  },
  demo: {
    title: 'Try it: live sample code',
    description: 'Pick a category to see the request your app sends and the offer it gets back.',
    responseLabel: 'API response',
  },
  security: {
    title: 'Security built in',
    description:
      'Data is protected with encryption in transit and at rest, every call is authorised with OAuth 2.0, and our controls are audited yearly under SOC 2 Type II.',
    points: ['Encryption in transit and at rest', 'OAuth 2.0 authorisation', 'SOC 2 Type II audited'],
  },
  performance: {
    title: 'Manage performance',
    description:
      'A dashboard shows activations, redemptions and earnings by offer, brand and placement, so you can tune what your cardholders see.',
  },
  getPaid: {
    id: 'get-paid',
    title: 'Get paid',
    description: 'Earn a share of every redeemed offer.',
    points: [
      { title: 'Automated monthly payouts', description: 'Earnings are paid to your account every month, with no invoices to chase.' },
      {
        title: 'Transparent commission',
        description: 'One published commission rate per offer, with every transaction itemised in your report.',
      },
    ] satisfies Feature[],
  },
  useCases: {
    title: 'Who builds with it',
    items: [
      { title: 'Banking', description: 'Add a rewards tab to your mobile banking app and lift card usage.' },
      { title: 'Fintech', description: 'Give your card or wallet users cash back that sets you apart.' },
      { title: 'Publishers', description: 'Turn your audience into shoppers with offers that pay you commission.' },
      { title: 'Loyalty', description: 'Let members earn points on everyday card spend, not only at your counter.' },
    ] satisfies Feature[],
  },
  cta: {
    title: 'Ready to add offers to your app?',
    description: 'Our team will set up a sandbox and walk you through the integration.',
  },
  faqTitle: 'Frequently asked questions',
  faq: [
    {
      question: 'What types of offers are available?',
      answer:
        'Cash-back offers from national and local brands across retail, dining, travel, entertainment, transportation and everyday essentials, as percentage or fixed-amount rewards.',
    },
    {
      question: 'How are offers matched to cardholders?',
      answer:
        'We rank offers with each cardholder’s de-identified spending patterns and location, so they see brands they are likely to use. You can add your own rules on top.',
    },
    {
      question: 'Is there a sandbox for testing?',
      answer:
        'Yes. Every account starts with a sandbox that has sample offers and simulated transactions, so you can build and test the whole flow before going live.',
    },
  ] satisfies FaqItem[],
} as const;
