import { TalkToSalesButton, usePageMeta } from '@cardlift/shell/ui';
import { CoverageSection } from '../components/coverage-section';
import { LogoStrip } from '../components/logo-strip';
import { PageHero } from '../components/page-hero';
import { brandLogos } from '../content/logos';
import type { Solution, SolutionSlug } from '../content/solutions';
import { solutionPages } from '../meta';

/** One component for the seven solution pages: its own hero, the shared coverage features and brand logos. */
export function SolutionPage({ solution }: { solution: Solution & { slug: SolutionSlug } }) {
  usePageMeta(solutionPages[solution.slug]);
  return (
    <>
      <PageHero eyebrow={solution.name} title={solution.headline} lead={solution.lead}>
        <TalkToSalesButton size="lg" />
      </PageHero>
      <CoverageSection />
      <LogoStrip title="Brands growing with Cardlift" logos={brandLogos} tone="page" />
    </>
  );
}
