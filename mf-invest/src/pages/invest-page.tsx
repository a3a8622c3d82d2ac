import { usePageFrame, usePageMeta } from '@cardlift/shell/ui';
import { BUILD_LABEL } from '../build-info';
import { DemoVideo } from '../components/demo-video';
import { EarlyAccessLink } from '../components/early-access-link';
import { FiguresSection } from '../components/figures-section';
import { InvestHero } from '../components/invest-hero';
import { PricingTiers } from '../components/pricing-tiers';
import { RiskDisclaimer } from '../components/risk-disclaimer';
import { StickyEarlyAccess } from '../components/sticky-early-access';
import { lead, sectionHeading, sectionPad } from '../components/styles';
import { closing, round, traction } from '../content/invest-content';
import { pages } from '../meta';

/**
 * /invest: a dark landing page. The dark look lives on this root with `iv:` utilities only, so it
 * cannot leak into the rest of the site; the frame gets the black header to match, and no
 * Talk to Sales section (a sales form for card-linked offers is not what an investor came for) until
 * the visitor presses Talk to Sales in the header or menu: scrollToContact adds it then.
 */
export function InvestPage() {
  usePageMeta(pages.main);
  usePageFrame(pages.main.frame);
  return (
    <div className="iv:bg-neutral-950 iv:text-neutral-100 iv:antialiased" data-build={BUILD_LABEL || undefined}>
      <InvestHero />
      <DemoVideo />
      <FiguresSection id="invest-traction" heading={traction.heading} figures={traction.figures} />
      <FiguresSection id={round.id} heading={round.heading} intro={round.lead} figures={round.figures}>
        <EarlyAccessLink className="iv:mt-8">{round.cta}</EarlyAccessLink>
      </FiguresSection>
      <PricingTiers />
      <section aria-labelledby="invest-closing-title" className={sectionPad}>
        <h2 id="invest-closing-title" className={sectionHeading}>
          {closing.heading}
        </h2>
        <p className={lead}>{closing.lead}</p>
        <EarlyAccessLink className="iv:mt-8">{closing.cta}</EarlyAccessLink>
      </section>
      <RiskDisclaimer />
      <StickyEarlyAccess />
    </div>
  );
}
