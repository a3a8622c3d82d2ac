import { Suspense, useId, type ReactNode } from 'react';
import { cn } from '@cardlift/shell/ui';

/**
 * A titled section of the case study page, labelled by its h2 for landmark navigation. Its content is
 * a Suspense boundary: React hydrates each section in a slice of its own.
 */
export function DetailSection({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('rs:py-12 rs:md:py-16', className)}>
      <h2 id={id} className="rs:text-3xl rs:font-semibold rs:tracking-tight rs:text-ink">
        {title}
      </h2>
      <div className="rs:mt-6">
        <Suspense>{children}</Suspense>
      </div>
    </section>
  );
}

export function Prose({ text }: { text: string }) {
  return <p className="rs:max-w-3xl rs:text-lg rs:leading-8 rs:whitespace-pre-line rs:text-muted">{text}</p>;
}
