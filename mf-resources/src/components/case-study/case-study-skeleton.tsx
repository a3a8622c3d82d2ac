import type { ReactNode } from 'react';
import { CardSkeleton, Skeleton } from '@cardlift/shell/ui';
import { caseStudiesCopy } from '../../content/case-studies';

/** How many placeholders each section shows while the case study loads (3 or 4). */
export const DETAIL_SKELETONS = { lines: 4, solution: 3, metrics: 4, cards: 3 } as const;

function SectionSkeleton({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div data-skeleton-section={name} className="rs:py-12">
      <Skeleton className="rs:h-8 rs:w-48" />
      <div className="rs:mt-6">{children}</div>
    </div>
  );
}

function Lines({ count }: { count: number }) {
  return (
    <div className="rs:space-y-3">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} data-skeleton-line="" className={i === count - 1 ? 'rs:h-5 rs:w-2/3' : 'rs:h-5 rs:w-full'} />
      ))}
    </div>
  );
}

function Cards({ count, columns }: { count: number; columns: string }) {
  return (
    <div className={`rs:grid rs:gap-6 ${columns}`}>
      {Array.from({ length: count }, (_, i) => (
        <CardSkeleton key={i} />
      ))}
    </div>
  );
}

/** The case study page while its data is missing: the same layout, in grey. */
export function CaseStudySkeleton() {
  return (
    <div role="status" aria-live="polite">
      <span className="rs:sr-only">{caseStudiesCopy.detail.loading}</span>
      <div className="rs:grid rs:gap-10 rs:pt-16 rs:pb-12 rs:lg:grid-cols-2" aria-hidden="true">
        <div>
          <Skeleton className="rs:h-4 rs:w-48" />
          <Skeleton className="rs:mt-8 rs:h-10 rs:w-40" />
          <Skeleton className="rs:mt-6 rs:h-12 rs:w-full" />
          <Skeleton className="rs:mt-6 rs:h-20 rs:w-full" />
          <Skeleton className="rs:mt-8 rs:h-11 rs:w-36" />
        </div>
        <Skeleton className="rs:aspect-[1200/630] rs:w-full" />
      </div>
      <SectionSkeleton name="overview">
        <Lines count={DETAIL_SKELETONS.lines} />
      </SectionSkeleton>
      <SectionSkeleton name="challenge">
        <Lines count={DETAIL_SKELETONS.lines} />
      </SectionSkeleton>
      <SectionSkeleton name="solution">
        <Cards count={DETAIL_SKELETONS.solution} columns="rs:md:grid-cols-3" />
      </SectionSkeleton>
      <SectionSkeleton name="results">
        <Cards count={DETAIL_SKELETONS.metrics} columns="rs:sm:grid-cols-2 rs:lg:grid-cols-4" />
      </SectionSkeleton>
      <SectionSkeleton name="takeaways">
        <Cards count={DETAIL_SKELETONS.cards} columns="rs:md:grid-cols-3" />
      </SectionSkeleton>
    </div>
  );
}
