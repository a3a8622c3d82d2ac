/**
 * Which icon a solution detail or a result metric gets, from keywords in its name.
 * The first matching rule wins, in the order below; anything else gets the trend icon.
 */
import { Clock, CreditCard, DollarSign, MessageSquare, Percent, RefreshCw, Target, TrendingUp, Users, type LucideIcon } from 'lucide-react';

export type IconKind = 'users' | 'card' | 'message' | 'refresh' | 'roas' | 'revenue' | 'conversion' | 'time' | 'trend';

const RULES: readonly { kind: Exclude<IconKind, 'trend'>; keywords: readonly string[] }[] = [
  { kind: 'users', keywords: ['users', 'people', 'redemption'] },
  { kind: 'card', keywords: ['card'] },
  { kind: 'message', keywords: ['message'] },
  { kind: 'refresh', keywords: ['refresh'] },
  { kind: 'roas', keywords: ['roas', 'roi'] },
  { kind: 'revenue', keywords: ['revenue', 'money', '$'] },
  { kind: 'conversion', keywords: ['conversion', 'rate', '%'] },
  { kind: 'time', keywords: ['time', 'hours', 'days'] },
];

export const ICONS: Readonly<Record<IconKind, LucideIcon>> = {
  users: Users,
  card: CreditCard,
  message: MessageSquare,
  refresh: RefreshCw,
  roas: Target,
  revenue: DollarSign,
  conversion: Percent,
  time: Clock,
  trend: TrendingUp,
};

/** The kind of icon for a name such as "Redemption rate", "ROAS" or "Revenue ($)". */
export function iconKindFor(name: string): IconKind {
  const text = name.toLowerCase();
  return RULES.find((rule) => rule.keywords.some((keyword) => text.includes(keyword)))?.kind ?? 'trend';
}

export function iconFor(name: string): LucideIcon {
  return ICONS[iconKindFor(name)];
}
