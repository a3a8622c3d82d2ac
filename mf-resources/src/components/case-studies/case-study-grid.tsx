import type { CaseStudy } from '@cardlift/api/contracts';
import { cn } from '@cardlift/shell/ui';
import { CaseStudyCard } from './case-study-card';

/** Case study cards in the site's three-column grid. */
export function CaseStudyGrid({ items, headingLevel, className }: { items: readonly CaseStudy[]; headingLevel?: 'h2' | 'h3'; className?: string }) {
  return (
    <ul className={cn('rs:grid rs:gap-6 rs:sm:grid-cols-2 rs:lg:grid-cols-3', className)}>
      {items.map((cs) => (
        <li key={cs.id}>
          <CaseStudyCard caseStudy={cs} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
