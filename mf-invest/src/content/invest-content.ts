/** Copy of the /invest page, kept as data so the components stay about layout. */
import { siteConfig } from '@cardlift/contracts';

const { productName } = siteConfig.invest;

export interface Figure {
  value: string;
  label: string;
  /** Footnote shown under the figure, e.g. how a performance number was measured. */
  note?: string;
}

export const hero = {
  eyebrow: `Early access and community round`,
  title: `${productName}: AI trade signals, tested before you trust them`,
  lead: `${productName} reads market data around the clock and sends clear, explained trade signals, each one backtested before it reaches you. Join early access, or own a piece of the company from $100.`,
  primaryCta: 'Get early access',
  secondaryCta: { label: 'See the round', href: '#invest-round' },
};

export const video = {
  heading: `See ${productName} in action`,
  lead: 'A short walkthrough: how a signal is found, tested and explained.',
  playLabel: `Play the ${productName} demo video`,
  caption: 'The player loads from YouTube only when you press play.',
  iframeTitle: `${productName} demo video`,
};

export const traction = {
  heading: 'Traction so far',
  figures: [
    { value: '10,000+', label: 'signals tested' },
    { value: '+18%', label: 'average return', note: 'Average of backtested signals; hypothetical, not a promise of future results.' },
    { value: '1,000+', label: 'early-access users' },
    { value: '$25B', label: 'market' },
  ] satisfies Figure[],
};

export const round = {
  id: 'invest-round',
  heading: 'The round',
  lead: `Back ${productName} on the same terms as everyone else in the round.`,
  figures: [
    { value: '$100', label: 'minimum investment' },
    { value: '$500K', label: 'goal' },
    { value: '$8M', label: 'valuation cap' },
    { value: '247', label: 'investors so far' },
  ] satisfies Figure[],
  cta: 'Reserve your spot',
};

export const pricing = {
  heading: 'Plans',
  tiers: [
    {
      name: 'Early access',
      price: 'Invite only',
      period: '',
      features: ['Daily signals on major US stocks', 'Plain-language reason for every signal', 'Help shape the product'],
      cta: 'Join the waitlist',
    },
    {
      name: 'Pro',
      price: '$20',
      period: '/mo',
      features: ['Every signal, the moment it fires', 'Backtest details for each signal', 'Alerts by e-mail and push'],
      cta: 'Get Pro early',
    },
  ],
};

export const closing = {
  heading: 'Be early',
  lead: `Early-access members get ${productName} first and hear about the round before it closes.`,
  cta: 'Get early access',
};

export const stickyCta = 'Get early access';

export const disclaimer = {
  id: 'risk',
  heading: 'Important risk information',
  paragraphs: [
    'Investing in early-stage companies is speculative, illiquid and involves a high degree of risk. You may lose your entire investment. Invest only money you can afford to lose.',
    `${productName} signals are information, not investment advice or a recommendation to buy or sell any security. Trading involves risk of loss. Past or backtested performance, including the +18% average return shown on this page, is hypothetical and does not guarantee future results.`,
    'This page is not an offer to sell, or a solicitation of an offer to buy, any security. Any offering is made only through its official offering documents, which describe the terms and risks in full. Figures are as reported by the company and may change.',
  ],
};
