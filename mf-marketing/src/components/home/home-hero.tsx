import { Link } from '@cardlift/shell/router';
import { bannersQuery, buttonVariants, TalkToSalesButton, useQuery } from '@cardlift/shell/ui';
import { homeContent } from '../../content/home';
import { showLearnMore } from '../../queries/banners';
import { PageHero } from '../page-hero';
import { AnnouncementPill } from './announcement-pill';

export function HomeHero() {
  const { data: banners } = useQuery(bannersQuery());
  const { hero, proofPills } = homeContent;
  return (
    <PageHero title={hero.title} lead={hero.lead} before={<AnnouncementPill banner={banners?.secondary} />}>
      <TalkToSalesButton size="lg" />
      {showLearnMore(banners) && (
        <Link to={hero.learnMore.href} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
          {hero.learnMore.label}
          {/* Says where the link goes (WCAG 2.4.4); the visible label stays "Learn More". */}
          <span className="mk:sr-only"> about {hero.learnMore.topic}</span>
        </Link>
      )}
      <ul aria-label="Why Cardlift" className="mk:mt-2 mk:flex mk:w-full mk:flex-wrap mk:justify-center mk:gap-3">
        {proofPills.map((pill) => (
          <li
            key={pill}
            className="mk:rounded-full mk:border mk:border-line mk:bg-white mk:px-4 mk:py-2 mk:text-sm mk:font-medium mk:text-ink"
          >
            {pill}
          </li>
        ))}
      </ul>
    </PageHero>
  );
}
