import type { FaqItem, Metric } from '@cardlift/shell/ui';

export const transactionalDataContent = {
  hero: {
    eyebrow: 'Transactional Data',
    title: 'Consumer spending data you can act on',
    lead: 'De-identified card transactions from a large, stable panel: see where shoppers spend, how share shifts and which brands are gaining before the quarter closes.',
  },
  metricsTitle: 'The panel at a glance',
  metrics: [
    { value: '29M+', label: 'Panel users' },
    { value: '3.1B', label: 'Transactions' },
    { value: '$364B+', label: 'Spend tracked' },
    { value: '35.9M', label: 'Accounts monitored' },
  ] satisfies Metric[],
  overview: {
    title: 'Two ways to get the data',
    offerings: [
      {
        title: 'Row-level transaction data',
        description:
          'Every de-identified transaction with date, amount, channel and location, with merchant tagging for over 1200 companies and 1500 brands, so you can build your own cuts.',
      },
      {
        title: 'Daily model-ready feed',
        description:
          'A curated daily feed of cleaned, aggregated metrics, ready to drop into your models without weeks of data engineering.',
      },
    ],
  },
  coverageTitle: 'Coverage you can rely on',
  logosTitle: 'Brands tagged in the data',
  faqTitle: 'Frequently asked questions',
  faq: [
    {
      question: 'Where does the data come from?',
      answer:
        'From cardholders of our financial partners who agreed to share de-identified transactions. Names, card numbers and account numbers never leave the partner.',
    },
    {
      question: 'How is personal information protected?',
      answer:
        'Records are de-identified before we receive them, and aggregates below a minimum panel size are suppressed so no individual can be singled out.',
    },
    {
      question: 'How fresh is the data?',
      answer: 'The model-ready feed updates daily, with transactions typically available three days after they settle.',
    },
    {
      question: 'How far back does the history go?',
      answer: 'Most of the panel has several years of history, so you can compare seasons and build back-tests.',
    },
    {
      question: 'How is the data delivered?',
      answer: 'As files to your cloud storage bucket or as tables shared to your data warehouse, in the format your team prefers.',
    },
    {
      question: 'Can I try a sample first?',
      answer: 'Yes. Talk to sales and we will share a sample covering the companies and brands you follow.',
    },
  ] satisfies FaqItem[],
} as const;
