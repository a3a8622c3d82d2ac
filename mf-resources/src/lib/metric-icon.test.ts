import { Clock, CreditCard, DollarSign, MessageSquare, Percent, RefreshCw, Target, TrendingUp, Users } from 'lucide-react';
import { iconFor, iconKindFor } from './metric-icon';

describe('iconKindFor', () => {
  it.each([
    ['users', 'users'],
    ['Active Users', 'users'],
    ['People reached', 'users'],
    ['Offer redemptions', 'users'],
    ['card', 'card'],
    ['Card-linked offers', 'card'],
    ['message', 'message'],
    ['Personalised messages', 'message'],
    ['refresh', 'refresh'],
    ['Refresh cadence', 'refresh'],
    ['ROAS', 'roas'],
    ['Incremental ROI', 'roas'],
    ['revenue', 'revenue'],
    ['Money saved', 'revenue'],
    ['$ spent per member', 'revenue'],
    ['Conversion lift', 'conversion'],
    ['Repeat purchase rate', 'conversion'],
    ['% of new subscribers', 'conversion'],
    ['time', 'time'],
    ['Hours saved', 'time'],
    ['Days to launch', 'time'],
    ['Subscriber growth', 'trend'],
    ['', 'trend'],
  ])('%j -> %s', (name, kind) => {
    expect(iconKindFor(name)).toBe(kind);
  });

  it('applies the rules in order: the first match wins', () => {
    // "redemption rate" names both users and conversion keywords: users comes first.
    expect(iconKindFor('Redemption rate')).toBe('users');
    // "card" comes before "revenue".
    expect(iconKindFor('Card revenue')).toBe('card');
    // "roas" comes before "$".
    expect(iconKindFor('ROAS ($ per $1)')).toBe('roas');
  });
});

describe('iconFor', () => {
  it('maps each kind to its lucide icon', () => {
    expect(iconFor('users')).toBe(Users);
    expect(iconFor('card')).toBe(CreditCard);
    expect(iconFor('message')).toBe(MessageSquare);
    expect(iconFor('refresh')).toBe(RefreshCw);
    expect(iconFor('roi')).toBe(Target);
    expect(iconFor('money')).toBe(DollarSign);
    expect(iconFor('rate')).toBe(Percent);
    expect(iconFor('days')).toBe(Clock);
    expect(iconFor('anything else')).toBe(TrendingUp);
  });
});
