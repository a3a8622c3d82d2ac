import type { FaqItem, Metric } from '@cardlift/shell/ui';

export const cardLinkedOffersContent = {
  hero: {
    eyebrow: 'Card-Linked Offers',
    title: 'Drive incrementality with card-linked offers',
    lead: 'Reward the customers you want with cash back on the cards they already use, and measure every sale down to the transaction.',
  },
  metricsTitle: 'Card-linked offers by the numbers',
  metrics: [
    { value: '2M+', label: 'Consumers reach' },
    { value: '$155B', label: 'Total spend' },
    { value: '11x', label: 'Average return on ad spend' },
    { value: '360°', label: 'View of member wallets' },
  ] satisfies Metric[],
  logosTitle: 'Brands using card-linked offers',
  faqTitle: 'Frequently asked questions',
  faq: [
    {
      question: 'What is a card-linked offer?',
      answer:
        'A reward tied to a payment card. A cardholder activates the offer in their banking app, pays with that card as usual, and the cash back lands in their account. There is no code to type and no coupon to scan.',
    },
    {
      question: 'How do you measure incrementality?',
      answer:
        'We compare the spend of cardholders who saw your offer with a matched control group who did not. The difference is the sales your campaign created, not sales you would have had anyway.',
    },
    {
      question: 'Which customers can I target?',
      answer:
        'New customers, lapsed customers or your most loyal ones, by location, spend level and shopping category. Targeting uses anonymised, aggregated transaction data; we never share personal data with brands.',
    },
    {
      question: 'What do I pay for?',
      answer:
        'You pay a commission on the sales the offers drive, plus the rewards customers earn. No set-up fee and no charge for impressions.',
    },
    {
      question: 'How soon can a campaign go live?',
      answer:
        'Most campaigns launch within two weeks of kick-off. Your client success manager handles set-up, creative review and reporting.',
    },
  ] satisfies FaqItem[],
} as const;
