import { Link } from '@cardlift/shell/router';
import { buttonVariants } from '@cardlift/shell/ui';
import { jobCopy } from '../content/careers';
import { pages } from '../meta';

/**
 * The body of a posting whose validThrough has passed (the api answers its URL 410 Gone): no Apply
 * link, since nobody reads applications to a closed position, and a way to the open ones.
 */
export function JobClosed() {
  return (
    <section
      aria-labelledby="job-closed-heading"
      className="co:mt-10 co:max-w-2xl co:rounded-lg co:border co:border-line co:bg-white co:p-6"
    >
      <h2 id="job-closed-heading" className="co:text-2xl co:font-semibold">
        {jobCopy.closedTitle}
      </h2>
      <p className="co:mt-3 co:text-muted">{jobCopy.closedText}</p>
      <Link to={pages.careers.path} className={buttonVariants({ className: 'co:mt-6' })}>
        {jobCopy.openPositions}
      </Link>
    </section>
  );
}
