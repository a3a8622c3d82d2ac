import type { CaseStudySummary } from '@cardlift/contracts';
import { cn } from '@cardlift/shell/ui';
import { CaseStudyCard } from './case-study-card';

/**
 * Case study cards in the site's three-column grid. `leadsPage`: the grid starts the page, so its
 * first image is the largest thing in the first view and loads at once (not lazily).
 */
export function CaseStudyGrid({
  items,
  headingLevel,
  className,
  leadsPage = false,
}: {
  items: readonly CaseStudySummary[];
  headingLevel?: 'h2' | 'h3';
  className?: string;
  leadsPage?: boolean;
}) {
  return (
    <ul className={cn('rs:grid rs:gap-6 rs:sm:grid-cols-2 rs:lg:grid-cols-3', className)}>
      {items.map((cs, index) => (
        <li key={cs.id}>
          <CaseStudyCard caseStudy={cs} headingLevel={headingLevel} priority={leadsPage && index === 0} />
        </li>
      ))}
    </ul>
  );
}
