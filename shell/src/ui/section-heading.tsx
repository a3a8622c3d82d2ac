import type { ReactNode } from 'react';
import { cn } from './cn';

interface SectionHeadingProps {
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  /** Heading level; sections under a page's h1 use h2. */
  as?: 'h1' | 'h2' | 'h3';
  align?: 'left' | 'center';
  id?: string;
  className?: string;
}

export function SectionHeading({ eyebrow, title, description, as: Tag = 'h2', align = 'left', id, className }: SectionHeadingProps) {
  return (
    <div className={cn(align === 'center' && 'mx-auto max-w-3xl text-center', className)}>
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>}
      <Tag
        id={id}
        className={cn('mt-2 font-semibold tracking-tight text-balance', Tag === 'h1' ? 'text-4xl md:text-6xl' : 'text-3xl md:text-4xl')}
      >
        {title}
      </Tag>
      {description && <p className="mt-4 text-lg leading-8 text-muted">{description}</p>}
    </div>
  );
}
