import { Suspense, useId, type ReactNode } from 'react';
import { cn, Container, SectionHeading } from '@cardlift/shell/ui';

interface SectionProps {
  title: string;
  description?: string;
  /** Anchor for in-page links. */
  id?: string;
  tone?: 'white' | 'page';
  align?: 'left' | 'center';
  className?: string;
  children?: ReactNode;
}

/**
 * A titled page section (h2) in the site column; the title names the region for assistive technology.
 * Its content is a Suspense boundary: React hydrates each section in a slice of its own.
 */
export function Section({ title, description, id, tone = 'white', align = 'center', className, children }: SectionProps) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      tabIndex={id ? -1 : undefined}
      className={cn('mk:scroll-mt-24 mk:py-16 mk:outline-none mk:md:py-24', tone === 'white' ? 'mk:bg-white' : 'mk:bg-page', className)}
    >
      <Container>
        <SectionHeading id={headingId} title={title} description={description} align={align} />
        {children && (
          <div className="mk:mt-12">
            <Suspense>{children}</Suspense>
          </div>
        )}
      </Container>
    </section>
  );
}
