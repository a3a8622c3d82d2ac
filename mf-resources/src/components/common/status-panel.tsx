import type { ReactNode } from 'react';
import { cn } from '@cardlift/shell/ui';

interface StatusPanelProps {
  title: string;
  text: string;
  /** 'error' is announced at once (role alert); 'empty' is a plain message. */
  tone: 'empty' | 'error';
  /** Heading level inside the page (h1 when the panel is the whole page). */
  as?: 'h1' | 'h2';
  children?: ReactNode;
  className?: string;
}

/** The empty and error views of lists and pages. */
export function StatusPanel({ title, text, tone, as: Heading = 'h2', children, className }: StatusPanelProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={cn('rs:rounded-lg rs:border rs:border-line rs:bg-white rs:px-6 rs:py-16 rs:text-center', className)}
    >
      <Heading className={cn('rs:font-semibold rs:text-ink', Heading === 'h1' ? 'rs:text-3xl rs:md:text-4xl' : 'rs:text-2xl')}>
        {title}
      </Heading>
      <p className="rs:mx-auto rs:mt-3 rs:max-w-xl rs:text-muted">{text}</p>
      {children}
    </div>
  );
}
