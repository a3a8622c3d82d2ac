import { Link } from '@cardlift/shell/router';
import type { CaseStudySummary } from '@cardlift/contracts';

/** A case study teaser linking to /case-studies/{id}; the whole card is one link. */
export function CaseStudyCard({ study }: { study: CaseStudySummary }) {
  return (
    <Link
      to={`/case-studies/${study.id}`}
      className="mk:group mk:flex mk:h-full mk:flex-col mk:overflow-hidden mk:rounded-lg mk:border mk:border-line mk:bg-white mk:shadow-sm mk:transition-shadow mk:hover:shadow-md mk:focus-visible:outline-2 mk:focus-visible:outline-offset-2 mk:focus-visible:outline-primary"
    >
      <img
        src={study.heroImage}
        alt=""
        width={640}
        height={360}
        loading="lazy"
        decoding="async"
        className="mk:aspect-[16/9] mk:w-full mk:bg-neutral-100 mk:object-cover"
      />
      <div className="mk:flex mk:flex-1 mk:flex-col mk:p-6">
        <p className="mk:text-sm mk:font-medium mk:text-primary">{study.client}</p>
        <h3 className="mk:mt-2 mk:text-lg mk:font-semibold mk:text-ink mk:group-hover:underline">{study.title}</h3>
        <p className="mk:mt-2 mk:line-clamp-2 mk:text-sm mk:leading-6 mk:text-muted">{study.excerpt ?? study.overview}</p>
      </div>
    </Link>
  );
}
