import { usePageMeta } from '@cardlift/shell/ui';
import { PageHero } from '../components/page-hero';
import { TitledCardGrid } from '../components/titled-card-grid';
import { pressCategories, pressComingSoon, pressHero } from '../content/press';
import { pages } from '../meta';

/** A placeholder newsroom with its four categories. */
export function PressPage() {
  usePageMeta(pages.press);
  return (
    <>
      <PageHero eyebrow={pressHero.eyebrow} title={pressHero.title} description={pressHero.description} />
      <TitledCardGrid id="press-categories" title="What you will find here" items={pressCategories} note={pressComingSoon} />
    </>
  );
}
