import { TalkToSalesButton, usePageMeta } from '@cardlift/shell/ui';
import { FaqSection } from '../components/faq-section';
import { FeatureGrid } from '../components/feature-grid';
import { PathCards, PerformanceSections, SecuritySection, UseCasesSection } from '../components/offers-api/api-sections';
import { CodeDemo } from '../components/offers-api/code-demo';
import { LogoStrip } from '../components/logo-strip';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { financialInstitutionLogos } from '../content/logos';
import { offersApiContent as content } from '../content/offers-api';
import { pages } from '../meta';

export function OffersApiPage() {
  usePageMeta(pages.offersApi);
  return (
    <>
      <PageHero eyebrow={content.hero.eyebrow} title={content.hero.title} lead={content.hero.lead}>
        <TalkToSalesButton size="lg" />
      </PageHero>
      <div className="mk:bg-page">
        <LogoStrip title={content.logosTitle} logos={financialInstitutionLogos} tone="page" />
        <PathCards />
      </div>
      <Section id={content.howItWorks.id} title={content.howItWorks.title}>
        <FeatureGrid features={content.howItWorks.steps} numbered />
      </Section>
      <Section title={content.demo.title} description={content.demo.description} tone="page">
        <CodeDemo responseLabel={content.demo.responseLabel} />
      </Section>
      <SecuritySection />
      <PerformanceSections />
      <UseCasesSection />
      <Section title={content.cta.title} description={content.cta.description} tone="page">
        <div className="mk:text-center">
          <TalkToSalesButton size="lg" />
        </div>
      </Section>
      <FaqSection title={content.faqTitle} items={content.faq} />
    </>
  );
}
