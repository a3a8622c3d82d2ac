import type { ReactNode } from 'react';
import { cn, Container, SectionHeading } from '@cardlift/shell/ui';

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  description?: string;
  /** Calls to action under the text. */
  children?: ReactNode;
  className?: string;
}

/** A page's opening band with its one h1. */
export function PageHero({ eyebrow, title, description, children, className }: PageHeroProps) {
  return (
    <section className={cn('co:border-b co:border-line co:bg-white', className)}>
      <Container className="co:py-20 co:md:py-28">
        <SectionHeading as="h1" eyebrow={eyebrow} title={title} description={description} className="co:max-w-3xl" />
        {children && <div className="co:mt-10 co:flex co:flex-wrap co:gap-4">{children}</div>}
      </Container>
    </section>
  );
}
