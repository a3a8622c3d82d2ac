import type { ReactNode } from 'react';
import { Container, SectionHeading } from '@cardlift/shell/ui';

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  lead: string;
  /** Above the heading (the home's announcement pill). */
  before?: ReactNode;
  /** Calls to action under the lead. */
  children?: ReactNode;
}

/** The page's opening section and its one h1. */
export function PageHero({ eyebrow, title, lead, before, children }: PageHeroProps) {
  return (
    <section aria-labelledby="page-title" className="mk:bg-page mk:pt-20 mk:pb-16 mk:md:pt-28 mk:md:pb-20">
      <Container className="mk:text-center">
        {before}
        <SectionHeading as="h1" id="page-title" eyebrow={eyebrow} title={title} description={lead} align="center" />
        {children && <div className="mk:mt-10 mk:flex mk:flex-wrap mk:items-center mk:justify-center mk:gap-4">{children}</div>}
      </Container>
    </section>
  );
}
