/** Privacy policy text (long static legal text, updated in 2020). */
import { siteConfig } from '@cardlift/contracts';
import { legalDocument } from './legal';

const { brandName, legalName } = siteConfig;

export const privacyPolicy = legalDocument({
  title: 'Privacy Policy',
  updated: '2020-09-14',
  intro: [
    `This Privacy Policy explains how ${legalName} ("${brandName}", "we", "us" or "our") collects, uses, shares and protects personal information when you visit our websites, use our mobile applications, take part in card-linked offers delivered through our partners, or otherwise interact with us (together, the "Services").`,
    'Please read it carefully. By using the Services you acknowledge the practices described here. If you do not agree with them, please do not use the Services.',
  ],
  sections: [
    {
      id: 'scope',
      heading: 'Who this policy applies to',
      body: [
        'This policy covers three groups of people: visitors to our public websites; cardholders who enroll in or redeem offers through our own apps or through the apps of a bank, fintech or loyalty program that works with us (a "Partner"); and representatives of the businesses we work with, such as brands, merchants, agencies and Partners.',
        'When you use a Partner’s app, that Partner’s privacy notice also applies. The Partner decides what information it shares with us, and we process that information on its behalf and under our contract with it.',
      ],
    },
    {
      id: 'information-we-collect',
      heading: 'Information we collect',
      body: ['We collect only the information we need to deliver, measure and improve the Services.'],
      subsections: [
        {
          id: 'information-you-give-us',
          heading: 'Information you give us',
          body: [
            [
              'Contact details such as your name, e-mail address, job title and company when you fill in a form, ask for a demo or apply for a job.',
              'With the Talk to Sales form, where your visit came from: the campaign details in the link that brought you to our website (its utm_source, utm_medium, utm_campaign, utm_term and utm_content values), the address of the website that linked to us, and the first page you opened. See "Cookies and similar technologies" below.',
              'Account details such as your e-mail address and app preferences when you create an account in one of our apps.',
              'The content of messages you send us, including support requests and survey answers.',
            ],
          ],
        },
        {
          id: 'transaction-information',
          heading: 'Card and transaction information',
          body: [
            'To know that you earned an offer, we need to see the purchase that qualifies for it. For cards you link, we receive transaction details such as the merchant name, amount, date and the last four digits of the card. We do not receive or store full card numbers, PINs or security codes; where a card must be identified, a Partner or a payment network gives us a token in its place.',
          ],
        },
        {
          id: 'information-collected-automatically',
          heading: 'Information collected automatically',
          body: [
            'When you visit our websites, our servers record each request: the page or file asked for, the date and time, and the answer given. Your IP address is held in memory only to limit how often the contact form can be sent from one place, and is never written to a log or a database. We use this information to keep the Services secure and to fix problems. Our websites use no analytics or advertising tools.',
            'To see how fast and how reliably our website works, your browser sends us one short report for each page you view, when you leave the page or switch away from it: how long the page took to appear and to respond, whether it moved while loading, any error in our code, which version of each part of the site it ran, the page’s address pattern (without anything you typed), whether you use a phone or a computer, your connection’s speed class (such as 4g), and whether a Talk to Sales form you sent was stored (never what you wrote in it). The report sets no cookie. So that a report counts once, and only for a page our site really sent, the page first asks us for a one-time code for that page view: it is random and different for every page view, so it does not tell one visitor from another. Your IP address is used in memory only, to limit how many reports one place can send, and is never stored; while a new version of a part of the site is tried on some visitors, we keep with the totals a one-way code made from the network part of your address (its first three numbers), so that no single network can make up most of the figures: it cannot be turned back into an address, and is deleted with the totals. We keep only totals per minute (for example, how many page views appeared within a given time) for 14 days, never the reports themselves. If your browser sends the Global Privacy Control signal, it sends no report at all.',
            'When you open our apps, we collect technical information such as your IP address, device type, operating system and the date and time of each request, to keep the apps secure and to fix problems.',
          ],
        },
        {
          id: 'information-from-others',
          heading: 'Information from other sources',
          body: [
            'Partners may send us information about their enrolled cardholders, such as an internal identifier, the eligibility of a card for a program and, where you have agreed, basic profile information used to choose relevant offers. Brands may send us information about the outcome of a campaign.',
          ],
        },
      ],
    },
    {
      id: 'how-we-use-information',
      heading: 'How we use information',
      body: [
        'We use personal information for the following purposes:',
        [
          'to show you offers that are relevant to you and to confirm when you have earned one;',
          'to credit rewards and to answer questions about them;',
          'to measure the performance of campaigns for brands in aggregated or de-identified form;',
          'to reply to your requests and to send you information you asked for;',
          'to consider your application when you apply for a job with us;',
          'to protect the Services, our Partners and our users against fraud and abuse;',
          'to comply with the law and to enforce our agreements.',
        ],
        'Where the law requires a legal basis for this processing, we rely on the performance of a contract with you, our legitimate interests in running and improving the Services, your consent (which you may withdraw at any time), or a legal obligation.',
      ],
    },
    {
      id: 'how-we-share-information',
      heading: 'How we share information',
      body: [
        'We do not sell personal information. We share it only in the following cases:',
        [
          'with the Partner through which you enrolled, so it can show your offers and pay your rewards;',
          'with brands, only as aggregated or de-identified reports that do not identify you;',
          'with service providers that host our systems, send our e-mails or help us prevent fraud, under contracts that forbid them to use the information for any other purpose;',
          'with authorities when the law requires it, or when it is necessary to protect the rights, property or safety of our users, our Partners or the public;',
          'with a buyer or successor if we are involved in a merger, acquisition or sale of assets, in which case this policy continues to protect your information.',
        ],
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies and similar technologies',
      body: [
        'Our websites use no analytics or advertising tools. They set cookies only while we try out a new version of a part of the site, and only the two named below.',
        'When we change a part of our website, we may first show the new version to some visitors and check that it works well before everyone gets it. While such a trial runs, our website sets two cookies. cardlift_canary: a random value that means nothing on its own and is not linked to you, your visits or anything you send us. cardlift_side: a short code naming which version of each part you are shown, the same for every visitor shown those versions, so that our content delivery network can keep one copy of each page per version. Together they make sure you keep seeing the same version of each page, on every page you open, instead of switching between the old and the new one; the website needs them for that, so they are strictly necessary and we do not ask for consent. They are sent only to our website, cannot be read by scripts in the page, and expire after 30 days. You can delete it in your browser settings at any time; you may then see the other version.',
        'While you browse our website, your browser keeps a note of where your visit came from: the campaign details in the link you followed (its utm_ values), the website that linked to us, and the first page you opened. The note stays in your browser, in that tab only (session storage), and is deleted when you close the tab. It leaves your browser only if you send the Talk to Sales form: it is then sent and stored with your request, so that our sales team knows which campaign or website brought you to us. It is kept, and can be deleted, together with your request.',
        'You can clear session storage in your browser settings at any time; the Talk to Sales form works the same without it.',
      ],
    },
    {
      id: 'data-retention',
      heading: 'How long we keep information',
      body: [
        'We keep personal information only as long as we need it for the purposes described above. Transaction records connected to rewards are kept for as long as your account is active and for a limited period afterwards so that we can answer questions and meet our accounting and legal obligations. Job applications are kept for up to two years unless you ask us to delete them sooner. When information is no longer needed we delete it or make it anonymous.',
      ],
    },
    {
      id: 'security',
      heading: 'How we protect information',
      body: [
        'We protect personal information with administrative, technical and physical safeguards appropriate to its sensitivity, including encryption in transit and at rest, strict access controls, logging and regular security reviews. No system is perfectly secure, however, and we cannot guarantee the security of information you send us over the internet.',
      ],
    },
    {
      id: 'your-choices',
      heading: 'Your choices and rights',
      body: [
        'Depending on where you live, you may have the right to:',
        [
          'ask for a copy of the personal information we hold about you;',
          'ask us to correct information that is inaccurate or incomplete;',
          'ask us to delete your information, subject to the exceptions allowed by law;',
          'object to or ask us to restrict certain processing;',
          'withdraw a consent you gave us, without affecting processing that took place before.',
        ],
        'You can unsubscribe from marketing e-mails at any time with the link in each e-mail. To unlink a card or to close an account created through a Partner, use the settings of that Partner’s app or contact the Partner. To exercise any other right, contact us as described below. We will not treat you differently for exercising your rights.',
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      body: [
        'The Services are not directed to children under 16, and we do not knowingly collect their personal information. If you believe a child has given us personal information, please contact us and we will delete it.',
      ],
    },
    {
      id: 'international-transfers',
      heading: 'International transfers',
      body: [
        'We are based in the United States and may process information in other countries where we or our service providers operate. When we transfer personal information across borders, we use safeguards required by applicable law, such as standard contractual clauses.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      body: [
        'We may update this policy from time to time. When we do, we will change the "Last updated" date at the top of this page and, if the changes are significant, we will tell you by e-mail or through the Services before they take effect.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      body: [
        `If you have a question about this policy or about how ${brandName} handles your information, please reach us through the contact form at the bottom of any page of this website and choose "Other". We answer privacy questions within 30 days.`,
      ],
    },
  ],
});
