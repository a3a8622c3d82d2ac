/** The three coverage features shared by the transactional-data page and every solution page. */
export interface Feature {
  title: string;
  description: string;
}

export const coverageFeatures: readonly Feature[] = [
  {
    title: 'Nationwide cardholder reach',
    description:
      'Debit and credit cardholders at banks, credit unions and fintechs in all fifty states see your offer where they already manage their money.',
  },
  {
    title: 'Online and in-store',
    description: 'Offers follow the card, so a purchase counts whether it happens at the register, in an app or on your website.',
  },
  {
    title: 'Closed-loop measurement',
    description:
      'Every redemption is a settled transaction, so you see incremental sales and return on spend instead of clicks and impressions.',
  },
];
