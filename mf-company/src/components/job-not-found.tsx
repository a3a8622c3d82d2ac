import { Link } from '@cardlift/shell/router';
import { buttonVariants, Container } from '@cardlift/shell/ui';
import { jobCopy } from '../content/careers';

/** A job that failed to load or does not exist. */
export function JobNotFound() {
  return (
    <Container className="co:flex co:min-h-[60vh] co:flex-col co:items-center co:justify-center co:py-24 co:text-center">
      <h1 className="co:text-4xl co:font-semibold">{jobCopy.notFoundTitle}</h1>
      <p className="co:mt-4 co:max-w-xl co:text-muted">{jobCopy.notFoundText}</p>
      <Link to="/company/careers" className={buttonVariants({ className: 'co:mt-8' })}>
        {jobCopy.backToCareers}
      </Link>
    </Container>
  );
}
