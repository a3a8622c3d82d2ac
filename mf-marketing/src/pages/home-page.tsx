import { usePageMeta } from '@cardlift/shell/ui';
import { CaseStudiesSection } from '../components/home/case-studies-section';
import { HomeHero } from '../components/home/home-hero';
import { ProductCards } from '../components/home/product-cards';
import { LogoStrip } from '../components/logo-strip';
import { homeContent } from '../content/home';
import { financialInstitutionLogos } from '../content/logos';
import { pages } from '../meta';

/** `/`: hero, proof pills, the two products, partner banks and the first case studies; the shell adds the contact form. */
export function HomePage() {
  usePageMeta(pages.home);
  return (
    <>
      <HomeHero />
      <LogoStrip title={homeContent.logosTitle} logos={financialInstitutionLogos} />
      <ProductCards />
      <CaseStudiesSection />
    </>
  );
}
