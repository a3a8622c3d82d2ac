import { Link } from '@cardlift/shell/router';
import { buttonVariants, cn } from '@cardlift/shell/ui';

/** An in-site link that looks like the site's button. */
export function LinkButton({ to, children, className }: { to: string; children: string; className?: string }) {
  return (
    <Link to={to} className={cn(buttonVariants({ variant: 'outline' }), className)}>
      {children}
    </Link>
  );
}
