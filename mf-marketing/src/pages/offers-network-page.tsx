import { TalkToSalesButton, usePageMeta } from '@cardlift/shell/ui';
import { FeatureGrid } from '../components/feature-grid';
import { LogoStrip } from '../components/logo-strip';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { brandLogos } from '../content/logos';
import { offersNetworkContent as content } from '../content/offers-network';
import { pages } from '../meta';

export function OffersNetworkPage() {
  usePageMeta(pages.offersNetwork);
  return (
    <>
      <PageHero eyebrow={content.hero.eyebrow} title={content.hero.title} lead={content.hero.lead}>
        <TalkToSalesButton size="lg" />
      </PageHero>
      <Section title={content.featuresTitle}>
        <dl className="mk:mb-12 mk:grid mk:gap-6 mk:sm:grid-cols-2">
          {content.figures.map((figure) => (
            <div key={figure.value} className="mk:flex mk:flex-col-reverse mk:rounded-lg mk:bg-page mk:p-6 mk:text-center">
              <dt className="mk:mt-2 mk:text-muted">{figure.label}</dt>
              <dd className="mk:text-5xl mk:font-semibold mk:text-primary">{figure.value}</dd>
            </div>
          ))}
        </dl>
        <FeatureGrid features={content.features} />
      </Section>
      <LogoStrip title={content.logosTitle} logos={brandLogos} tone="page" />
    </>
  );
}
