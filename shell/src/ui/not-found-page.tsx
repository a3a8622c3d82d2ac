import { Link } from '@cardlift/shell/router';
import { buttonVariants } from './button';
import { usePageMeta } from './page-meta';

/** The site's 404 view; the api answers such paths with HTTP 404 too. */
export function NotFoundPage() {
  usePageMeta({ path: '*', title: '404 Page Not Found', description: 'This page does not exist.', noindex: true });
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <h1 className="text-4xl font-semibold">404 Page Not Found</h1>
      <p className="mt-4 text-muted">Did you forget to add the page to the router?</p>
      <Link to="/" className={buttonVariants({ className: 'mt-8' })}>
        Back to home
      </Link>
    </section>
  );
}
