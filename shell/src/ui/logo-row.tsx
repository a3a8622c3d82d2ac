import { cn } from './cn';
import { HydrateWhenVisible } from './hydrate-when-visible';

export interface Logo {
  name: string;
  src: string;
  alt: string;
}

/**
 * A row of partner wordmarks with a visible heading for context. Images are sized, so nothing shifts.
 * Nothing in it answers input, so it hydrates only when it comes near the viewport.
 */
export function LogoRow({ title, logos, className }: { title?: string; logos: readonly Logo[]; className?: string }) {
  return (
    <HydrateWhenVisible>
      <section aria-label={title ?? 'Partners'} className={cn('py-12', className)}>
        {title && <p className="text-center text-sm font-medium tracking-wide text-muted uppercase">{title}</p>}
        <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-10 gap-y-6">
          {logos.map((logo) => (
            <li key={logo.name}>
              <img
                src={logo.src}
                alt={logo.alt}
                width={140}
                height={40}
                loading="lazy"
                decoding="async"
                className="h-10 w-[140px] object-contain opacity-80"
              />
            </li>
          ))}
        </ul>
      </section>
    </HydrateWhenVisible>
  );
}
