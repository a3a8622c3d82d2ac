import { TalkToSalesButton, usePageMeta } from '@cardlift/shell/ui';
import { FaqSection } from '../components/faq-section';
import { MetricGrid } from '../components/metric-grid';
import { LogoStrip } from '../components/logo-strip';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { cardLinkedOffersContent as content } from '../content/card-linked-offers';
import { brandLogos } from '../content/logos';
import { pages } from '../meta';

export function CardLinkedOffersPage() {
  usePageMeta(pages.cardLinkedOffers);
  return (
    <>
      <PageHero eyebrow={content.hero.eyebrow} title={content.hero.title} lead={content.hero.lead}>
        <TalkToSalesButton size="lg" />
      </PageHero>
      <Section title={content.metricsTitle}>
        <MetricGrid metrics={content.metrics} />
      </Section>
      <LogoStrip title={content.logosTitle} logos={brandLogos} />
      <FaqSection title={content.faqTitle} items={content.faq} />
    </>
  );
}
