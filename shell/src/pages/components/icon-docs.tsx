import { Clock, CreditCard, DollarSign, MessageSquare, Percent, RefreshCw, Target, TrendingUp, Users, type LucideIcon } from 'lucide-react';
import { DocSection } from './doc-section';

/** Icons of case-study details and metrics, with the name keywords that call for each. */
const icons: { Icon: LucideIcon; name: string; keywords: string }[] = [
  { Icon: Users, name: 'Users', keywords: 'users, people, redemption' },
  { Icon: CreditCard, name: 'CreditCard', keywords: 'card' },
  { Icon: MessageSquare, name: 'MessageSquare', keywords: 'message' },
  { Icon: RefreshCw, name: 'RefreshCw', keywords: 'refresh' },
  { Icon: Target, name: 'Target', keywords: 'roas, roi' },
  { Icon: DollarSign, name: 'DollarSign', keywords: 'revenue, money, $' },
  { Icon: Percent, name: 'Percent', keywords: 'conversion, rate, %' },
  { Icon: Clock, name: 'Clock', keywords: 'time, hours, days' },
  { Icon: TrendingUp, name: 'TrendingUp', keywords: 'anything else' },
];

export function IconDocs() {
  return (
    <DocSection
      id="icons"
      title="Icons"
      description="lucide-react, 1.5-2px strokes, sized with size-4 to size-6. Decorative icons are aria-hidden; an icon-only button carries a text label."
    >
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {icons.map(({ Icon, name, keywords }) => (
          <li key={name} className="flex flex-col items-center gap-3 rounded-lg border border-line bg-white p-6 text-center">
            <Icon aria-hidden="true" className="size-6 text-primary" />
            <span className="font-mono text-xs">{name}</span>
            <span className="text-xs text-muted">{keywords}</span>
          </li>
        ))}
      </ul>
    </DocSection>
  );
}
