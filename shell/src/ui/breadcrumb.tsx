import { Fragment } from 'react';
import { Link } from '@cardlift/shell/router';
import { cn } from './cn';

export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  href?: string;
}

/** Breadcrumb trail (WAI-ARIA breadcrumb pattern): the last item is the current page. */
export function Breadcrumb({ items, className }: { items: Crumb[]; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={cn('text-sm text-muted', className)}>
      <ol className="flex flex-wrap items-center gap-2">
        {items.map((item, i) => (
          <Fragment key={`${item.label}-${i}`}>
            {i > 0 && <li aria-hidden="true">/</li>}
            <li>
              {item.href ? (
                <Link to={item.href} className="hover:text-ink hover:underline">
                  {item.label}
                </Link>
              ) : (
                <span aria-current="page" className="font-medium text-ink">
                  {item.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
