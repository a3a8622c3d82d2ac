import type { ReactNode } from 'react';
import type { Job } from '@cardlift/contracts';
import { buttonVariants, cn } from '@cardlift/shell/ui';
import { jobCopy } from '../content/careers';
import { formatCalendarDate } from '../lib/dates';
import { applyHref } from '../lib/mailto';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="co:py-3">
      <dt className="co:text-xs co:font-semibold co:tracking-wide co:text-muted co:uppercase">{term}</dt>
      <dd className="co:mt-1 co:text-ink">{children}</dd>
    </div>
  );
}

/** The mail link that applies for a job (Apply by e-mail). */
export function ApplyLink({ job, className }: { job: Job; className?: string }) {
  return (
    <a href={applyHref(job)} className={buttonVariants({ size: 'lg', className: cn('co:w-full', className) })}>
      {jobCopy.apply}
    </a>
  );
}

/** Sidebar of a job page: department, location, level when present, posted date, and Apply. */
export function JobDetails({ job, className }: { job: Job; className?: string }) {
  return (
    <aside aria-labelledby="job-details-heading" className={cn('co:rounded-lg co:border co:border-line co:bg-white co:p-6', className)}>
      <h2 id="job-details-heading" className="co:text-lg co:font-semibold">
        {jobCopy.detailsHeading}
      </h2>
      <dl className="co:mt-2 co:divide-y co:divide-line">
        <Detail term={jobCopy.department}>{job.department}</Detail>
        <Detail term={jobCopy.location}>
          {job.location}
          {job.remote && !/remote/i.test(job.location) ? ` (${jobCopy.remote})` : ''}
        </Detail>
        {job.level && <Detail term={jobCopy.level}>{job.level}</Detail>}
        <Detail term={jobCopy.posted}>
          <time dateTime={job.postedDate}>{formatCalendarDate(job.postedDate)}</time>
        </Detail>
      </dl>
      <ApplyLink job={job} className="co:mt-6" />
      <p className="co:mt-3 co:text-xs co:text-muted">{jobCopy.applyHint}</p>
    </aside>
  );
}
