/** The Offers API demo's three tabs: the code typed out and the sample offer it returns. */
export interface SampleOffer {
  category: string;
  brand: string;
  cashback: string;
  description: string;
  offerId: string;
  maxReward: string;
}

export interface DemoSample {
  tab: 'Transportation' | 'Entertainment' | 'Travel';
  code: string;
  offer: SampleOffer;
}

const request = (category: string) => `import { Cardlift } from '@cardlift/offers';

const cardlift = new Cardlift({ apiKey: process.env.CARDLIFT_API_KEY });

// Offers matched to this cardholder's spending
const { offers } = await cardlift.offers.list({
  cardholderId: 'ch_4f9a21',
  category: '${category}',
  limit: 1,
});

await cardlift.offers.activate(offers[0].offerId);`;

export const demoSamples: readonly DemoSample[] = [
  {
    tab: 'Transportation',
    code: request('transportation'),
    offer: {
      category: 'Transportation',
      brand: 'Velo Rides',
      cashback: '10% cash back',
      description: 'On rides paid with your linked card this month.',
      offerId: 'off_tr_20817',
      maxReward: '$15',
    },
  },
  {
    tab: 'Entertainment',
    code: request('entertainment'),
    offer: {
      category: 'Entertainment',
      brand: 'PixelStream',
      cashback: '20% cash back',
      description: 'On your first three months of any streaming plan.',
      offerId: 'off_en_55302',
      maxReward: '$12',
    },
  },
  {
    tab: 'Travel',
    code: request('travel'),
    offer: {
      category: 'Travel',
      brand: 'Tidewater Travel',
      cashback: '8% cash back',
      description: 'On hotel stays of two nights or more.',
      offerId: 'off_tv_71946',
      maxReward: '$60',
    },
  },
];
