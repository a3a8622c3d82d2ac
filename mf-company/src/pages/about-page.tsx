import { Link } from '@cardlift/shell/router';
import { buttonVariants, usePageMeta } from '@cardlift/shell/ui';
import { PageHero } from '../components/page-hero';
import { TitledCardGrid } from '../components/titled-card-grid';
import { aboutHero, pillars, pillarsHeading, values, valuesHeading } from '../content/about';
import { pages } from '../meta';

export function AboutPage() {
  usePageMeta(pages.aboutUs);
  return (
    <>
      <PageHero eyebrow={aboutHero.eyebrow} title={aboutHero.title} description={aboutHero.description}>
        <Link to={aboutHero.careers.href} className={buttonVariants({ size: 'lg' })}>
          {aboutHero.careers.label}
        </Link>
      </PageHero>
      <TitledCardGrid id="pillars" title={pillarsHeading.title} description={pillarsHeading.description} items={pillars} />
      <TitledCardGrid
        id="values"
        title={valuesHeading.title}
        description={valuesHeading.description}
        items={values}
        className="co:border-t co:border-line co:bg-white"
      />
    </>
  );
}
