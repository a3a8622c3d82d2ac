import type { ReactNode } from 'react';
import { cn } from '@cardlift/shell/ui';

export interface DocSectionProps {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}

/** One chapter of the design-system page, reachable from the page's table of contents. */
export function DocSection({ id, title, description, children, className }: DocSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn('scroll-mt-32 border-t border-line py-16', className)}>
      <h2 id={`${id}-title`} className="text-3xl font-semibold tracking-tight">
        {title}
      </h2>
      {description && <p className="mt-3 max-w-3xl text-muted">{description}</p>}
      <div className="mt-8">{children}</div>
    </section>
  );
}

/** A labelled sample with its code name underneath. */
export function Specimen({ name, children, className }: { name: string; children: ReactNode; className?: string }) {
  return (
    <figure className={cn('flex flex-col gap-3', className)}>
      <div className="flex flex-wrap items-center gap-3">{children}</div>
      <figcaption className="font-mono text-xs text-muted">{name}</figcaption>
    </figure>
  );
}
