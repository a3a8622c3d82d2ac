import { hero } from '../content/invest-content';
import { EarlyAccessLink } from './early-access-link';
import { ctaSecondary, lead } from './styles';

export function InvestHero() {
  return (
    <section aria-labelledby="invest-title" className="iv:mx-auto iv:w-full iv:max-w-6xl iv:px-6 iv:pt-20 iv:pb-16 iv:md:px-8 iv:md:pt-28">
      <p className="iv:text-sm iv:font-semibold iv:tracking-wide iv:text-emerald-400 iv:uppercase">{hero.eyebrow}</p>
      <h1
        id="invest-title"
        className="iv:mt-4 iv:max-w-4xl iv:text-4xl iv:font-semibold iv:tracking-tight iv:text-balance iv:text-white iv:md:text-6xl"
      >
        {hero.title}
      </h1>
      <p className={lead}>{hero.lead}</p>
      <div className="iv:mt-8 iv:flex iv:flex-wrap iv:gap-4">
        <EarlyAccessLink>{hero.primaryCta}</EarlyAccessLink>
        <a href={hero.secondaryCta.href} className={ctaSecondary}>
          {hero.secondaryCta.label}
        </a>
      </div>
    </section>
  );
}
