import { Link } from '@cardlift/shell/router';
import { buttonVariants, CardGridSkeleton, caseStudiesQuery, useQuery } from '@cardlift/shell/ui';
import { homeContent } from '../../content/home';
import { CaseStudyCard } from '../case-study-card';
import { Section } from '../section';

/** 'See the results': the first 3 case studies, skeletons while loading, then a link to all of them. */
export function CaseStudiesSection() {
  const { results } = homeContent;
  const { data, isPending, isError } = useQuery(caseStudiesQuery());
  const studies = data?.slice(0, results.count) ?? [];
  return (
    <Section title={results.title} description={results.description} tone="page">
      {isPending ? (
        <CardGridSkeleton count={results.count} label="Loading case studies" />
      ) : isError ? (
        <p role="alert" className="mk:text-center mk:text-muted">
          {results.error}
        </p>
      ) : studies.length === 0 ? (
        <p className="mk:text-center mk:text-muted">{results.empty}</p>
      ) : (
        <ul className="mk:grid mk:gap-6 mk:sm:grid-cols-2 mk:lg:grid-cols-3">
          {studies.map((study) => (
            <li key={study.id}>
              <CaseStudyCard study={study} />
            </li>
          ))}
        </ul>
      )}
      <div className="mk:mt-12 mk:text-center">
        <Link to={results.viewAll.href} className={buttonVariants({ variant: 'outline' })}>
          {results.viewAll.label}
        </Link>
      </div>
    </Section>
  );
}
