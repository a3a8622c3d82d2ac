/**
 * Terms of service text (long static legal text, updated in 2022). The points rules
 * stated here are the product's: net dollars rounded down, inactive after 6 months without opening the
 * app, purchased points non-refundable.
 */
import { siteConfig } from '@cardlift/contracts';
import { legalDocument } from './legal';

const { brandName, legalName } = siteConfig;

/** Months without opening the app after which an account is inactive. */
export const INACTIVITY_MONTHS = 6;

export const termsOfService = legalDocument({
  title: 'Terms of Service',
  updated: '2022-05-02',
  intro: [
    `These Terms of Service ("Terms") are an agreement between you and ${legalName} ("${brandName}", "we", "us" or "our"). They govern your use of our websites, our mobile applications, the card-linked offers we deliver and the rewards points program connected to them (together, the "Services").`,
    'Please read them carefully. By creating an account, linking a card or otherwise using the Services, you agree to these Terms. If you do not agree, do not use the Services.',
  ],
  sections: [
    {
      id: 'eligibility',
      heading: 'Eligibility and your account',
      body: [
        'You must be at least 18 years old and a resident of a country where the Services are offered to create an account. You agree to give accurate information, to keep it up to date and to keep your login details secret. You are responsible for everything that happens in your account.',
        'You may hold only one account. We may refuse, suspend or close an account that was created with false information or that is used in breach of these Terms.',
      ],
    },
    {
      id: 'linked-cards',
      heading: 'Linking payment cards',
      body: [
        'To take part in card-linked offers you link one or more eligible debit or credit cards to your account, either in our app or in the app of a bank, fintech or loyalty program that works with us (a "Partner"). By linking a card you authorize us, the Partner and the relevant payment networks to share the details of transactions made with that card so that we can tell whether a purchase qualifies for an offer.',
        'You may unlink a card at any time. Purchases made after a card is unlinked do not earn offers or points.',
      ],
    },
    {
      id: 'offers',
      heading: 'Offers',
      body: [
        'Offers are made by participating brands and merchants, not by us. Each offer shows its own conditions, such as a minimum spend, a maximum reward, the places where it can be used and the dates when it is valid. Those conditions form part of these Terms.',
        'A purchase qualifies only if it is made with a linked card, meets every condition of the offer and is reported to us by the payment network or the Partner. Brands may change or end an offer at any time, but a purchase that already qualified will still be rewarded.',
      ],
    },
    {
      id: 'rewards-points',
      heading: 'Rewards points',
      body: [
        `Rewards earned through the Services are credited as ${brandName} points. Points have no cash value except as described in these Terms, are not your property and cannot be sold, transferred or combined with another person’s points.`,
      ],
      subsections: [
        {
          id: 'earning-points',
          heading: 'Earning points',
          body: [
            'Points are earned on net dollars: the amount of a qualifying purchase after discounts, coupons, credits, returns and refunds, and excluding taxes, tips, shipping and fees. Points are calculated on whole dollars and rounded down, so a net purchase of $24.99 earns points on $24.',
            'Points normally appear in your account within 30 days of the purchase. If a purchase is later refunded, returned or reversed, we will remove the points it earned; if your balance is too low, it may become negative until you earn new points.',
          ],
        },
        {
          id: 'purchased-points',
          heading: 'Purchased points',
          body: [
            'Where the Services let you buy points, the price is shown before you pay. Purchased points are non-refundable and cannot be exchanged back for money, except where the law requires otherwise.',
          ],
        },
        {
          id: 'redeeming-points',
          heading: 'Redeeming points',
          body: [
            'You may redeem points for the rewards shown in the app at the time of redemption, such as gift cards or statement credits. A redemption is final once confirmed. The value of points in rewards may change, and we will give you at least 30 days’ notice before reducing it.',
          ],
        },
        {
          id: 'inactive-accounts',
          heading: 'Inactive accounts',
          body: [
            `An account becomes inactive after ${INACTIVITY_MONTHS} months without opening the app. We will remind you by e-mail before that happens. While an account is inactive it does not earn points, and points in an inactive account may expire 30 days after we notify you. Opening the app again before then makes the account active again.`,
          ],
        },
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      body: [
        'You agree not to:',
        [
          'earn or try to earn points through purchases you later cancel, through fraud or through any scheme that abuses an offer;',
          'use another person’s card or account without permission;',
          'copy, scrape, reverse engineer or interfere with the Services or their security;',
          'use the Services in breach of any law or of the rights of others.',
        ],
        'If we reasonably believe you have broken these rules, we may withhold or remove points, suspend your account or close it.',
      ],
    },
    {
      id: 'business-customers',
      heading: 'Brands, merchants and Partners',
      body: [
        'If you use the Services on behalf of a business, for example to run campaigns or to offer rewards to your own customers, your use is also governed by the written agreement between your business and us. If that agreement conflicts with these Terms, the agreement prevails.',
      ],
    },
    {
      id: 'intellectual-property',
      heading: 'Intellectual property',
      body: [
        `The Services, including their software, design, text and logos, belong to ${brandName} or its licensors and are protected by law. We give you a personal, revocable, non-transferable license to use the Services for their intended purpose. Brand names and logos shown in offers belong to their owners.`,
      ],
    },
    {
      id: 'privacy',
      heading: 'Privacy',
      body: [
        'Our Privacy Policy explains how we collect and use personal information, including transaction information from linked cards. It forms part of these Terms.',
      ],
    },
    {
      id: 'disclaimers',
      heading: 'Disclaimers',
      body: [
        'The Services are provided "as is" and "as available". To the extent allowed by law, we disclaim all warranties, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement. We are not responsible for the goods or services sold by brands and merchants, or for the availability of any offer.',
      ],
    },
    {
      id: 'liability',
      heading: 'Limitation of liability',
      body: [
        `To the extent allowed by law, ${brandName} will not be liable for any indirect, incidental, special, consequential or punitive damages, or for lost profits or data. Our total liability for any claim related to the Services is limited to the greater of the value of the points in your account at the time of the claim or one hundred U.S. dollars.`,
      ],
    },
    {
      id: 'termination',
      heading: 'Closing your account',
      body: [
        'You may close your account at any time from the app settings. We may suspend or close the Services, or your access to them, with notice where practical. When an account is closed, unredeemed points are forfeited unless the law requires otherwise; purchased points remain non-refundable.',
      ],
    },
    {
      id: 'disputes',
      heading: 'Governing law and disputes',
      body: [
        'These Terms are governed by the laws of the State of Delaware, without regard to its conflict of laws rules. Before starting any formal proceeding, you agree to contact us and try to resolve the dispute informally for at least 30 days. Nothing in these Terms limits rights you have as a consumer under the laws of the place where you live.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these Terms',
      body: [
        'We may change these Terms from time to time. We will post the new version on this page with a new "Last updated" date and, for significant changes, notify you at least 30 days before they take effect. If you keep using the Services after that date, you accept the new Terms.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      body: ['Questions about these Terms can be sent through the contact form at the bottom of any page of this website.'],
    },
  ],
});
