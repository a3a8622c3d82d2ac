import { Badge } from '@cardlift/shell/ui';
import type { SampleOffer } from '../../content/offers-api-samples';

/** The sample offer returned by the demo's request, shown as an 'API response' card. */
export function OfferCard({ offer, label }: { offer: SampleOffer; label: string }) {
  return (
    <article aria-label={label} className="mk:rounded-lg mk:border mk:border-line mk:bg-white mk:p-6 mk:shadow-sm">
      <div className="mk:flex mk:items-center mk:justify-between mk:gap-4">
        <p className="mk:text-xs mk:font-semibold mk:tracking-wide mk:text-muted mk:uppercase">{label}</p>
        <Badge tone="success">Active</Badge>
      </div>
      <p className="mk:mt-4 mk:text-xl mk:font-semibold mk:text-ink">{offer.brand}</p>
      <p className="mk:mt-1 mk:text-2xl mk:font-semibold mk:text-primary">{offer.cashback}</p>
      <p className="mk:mt-2 mk:text-sm mk:text-muted">{offer.description}</p>
      <dl className="mk:mt-4 mk:grid mk:grid-cols-[auto_1fr] mk:gap-x-4 mk:gap-y-1 mk:text-sm">
        <dt className="mk:text-muted">Category</dt>
        <dd className="mk:text-ink">{offer.category}</dd>
        <dt className="mk:text-muted">Offer ID</dt>
        <dd className="mk:font-mono mk:text-ink">{offer.offerId}</dd>
        <dt className="mk:text-muted">Max reward</dt>
        <dd className="mk:text-ink">{offer.maxReward}</dd>
      </dl>
    </article>
  );
}
