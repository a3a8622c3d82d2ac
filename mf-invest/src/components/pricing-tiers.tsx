import { pricing } from '../content/invest-content';
import { EarlyAccessLink } from './early-access-link';
import { sectionHeading, sectionPad } from './styles';

export function PricingTiers() {
  return (
    <section aria-labelledby="invest-plans-title" className={sectionPad}>
      <h2 id="invest-plans-title" className={sectionHeading}>
        {pricing.heading}
      </h2>
      <ul className="iv:mt-10 iv:grid iv:gap-6 iv:md:grid-cols-2">
        {pricing.tiers.map((tier) => (
          <li key={tier.name} className="iv:flex iv:flex-col iv:rounded-lg iv:border iv:border-neutral-800 iv:bg-neutral-900 iv:p-8">
            <h3 className="iv:text-lg iv:font-semibold iv:text-white">{tier.name}</h3>
            <p className="iv:mt-4 iv:text-neutral-300">
              <span className="iv:text-4xl iv:font-semibold iv:text-white">{tier.price}</span>
              {tier.period && <span className="iv:text-lg">{tier.period}</span>}
            </p>
            <ul className="iv:mt-6 iv:flex-1 iv:space-y-2 iv:text-neutral-300">
              {tier.features.map((feature) => (
                <li key={feature} className="iv:flex iv:gap-2">
                  <span aria-hidden="true" className="iv:text-emerald-400">
                    ✓
                  </span>
                  {feature}
                </li>
              ))}
            </ul>
            <EarlyAccessLink className="iv:mt-8 iv:self-start">{tier.cta}</EarlyAccessLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
