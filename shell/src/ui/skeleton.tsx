import type { HTMLAttributes } from 'react';
import { cn } from './cn';

/** A grey placeholder block; hidden from assistive technology (the container announces loading). */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      data-skeleton=""
      className={cn('animate-pulse rounded-md bg-neutral-200 motion-reduce:animate-none', className)}
      {...props}
    />
  );
}

/** Placeholder of a content card (image, title, two lines). */
export function CardSkeleton({ className }: { className?: string }) {
  return (
    <div data-card-skeleton="" className={cn('rounded-lg border border-line bg-white p-4', className)} aria-hidden="true">
      <Skeleton className="aspect-[16/9] w-full" />
      <Skeleton className="mt-4 h-5 w-3/4" />
      <Skeleton className="mt-2 h-4 w-full" />
      <Skeleton className="mt-1 h-4 w-2/3" />
    </div>
  );
}

/** A grid of `count` card skeletons with a screen-reader status. */
export function CardGridSkeleton({ count, label = 'Loading', className }: { count: number; label?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('grid gap-6 sm:grid-cols-2 lg:grid-cols-3', className)}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <CardSkeleton key={i} />
      ))}
    </div>
  );
}

/** Shown while a remote section's code loads; reserves the page's height so the footer does not jump. */
export function PageSkeleton() {
  return (
    <div role="status" aria-live="polite" className="mx-auto min-h-svh max-w-6xl px-6 py-24">
      <span className="sr-only">Loading page</span>
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="mt-6 h-5 w-1/2" />
      <Skeleton className="mt-12 h-64 w-full" />
    </div>
  );
}
