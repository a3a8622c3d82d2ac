import { Card, CardText, CardTitle, TalkToSalesButton, usePageMeta } from '@cardlift/shell/ui';
import { CoverageSection } from '../components/coverage-section';
import { FaqSection } from '../components/faq-section';
import { MetricGrid } from '../components/metric-grid';
import { LogoStrip } from '../components/logo-strip';
import { PageHero } from '../components/page-hero';
import { Section } from '../components/section';
import { brandLogos } from '../content/logos';
import { transactionalDataContent as content } from '../content/transactional-data';
import { pages } from '../meta';

export function TransactionalDataPage() {
  usePageMeta(pages.transactionalData);
  return (
    <>
      <PageHero eyebrow={content.hero.eyebrow} title={content.hero.title} lead={content.hero.lead}>
        <TalkToSalesButton size="lg" />
      </PageHero>
      <Section title={content.metricsTitle}>
        <MetricGrid metrics={content.metrics} />
      </Section>
      <Section title={content.overview.title} tone="page">
        <ul className="mk:grid mk:gap-6 mk:md:grid-cols-2">
          {content.overview.offerings.map((offering) => (
            <li key={offering.title} className="mk:flex">
              <Card className="mk:flex mk:w-full mk:flex-col mk:p-8">
                <CardTitle className="mk:text-2xl">{offering.title}</CardTitle>
                <CardText className="mk:flex-1 mk:text-base">{offering.description}</CardText>
                <TalkToSalesButton className="mk:mt-6 mk:self-start" aria-label={`Talk to Sales about ${offering.title.toLowerCase()}`} />
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <CoverageSection title={content.coverageTitle} />
      <LogoStrip title={content.logosTitle} logos={brandLogos} tone="page" />
      <FaqSection title={content.faqTitle} items={content.faq} />
    </>
  );
}
