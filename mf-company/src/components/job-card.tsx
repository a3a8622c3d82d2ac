import { Link } from '@cardlift/shell/router';
import type { JobPostingSummary } from '@cardlift/contracts';
import { Badge, Card, cn } from '@cardlift/shell/ui';
import { jobCopy } from '../content/careers';
import { formatCalendarDate } from '../lib/dates';
import { jobPath } from '../meta';

/** One opening in the careers list; the whole card is the link (its title names it). */
export function JobCard({ job, className }: { job: JobPostingSummary; className?: string }) {
  return (
    <Card className={cn('co:relative co:flex co:h-full co:flex-col co:transition-shadow co:hover:shadow-md', className)}>
      <p className="co:text-sm co:font-medium co:text-primary">{job.department}</p>
      <h3 className="co:mt-2 co:text-lg co:font-semibold co:text-ink">
        <Link
          to={jobPath(job)}
          className="co:after:absolute co:after:inset-0 co:after:content-[''] co:focus-visible:outline-none co:after:rounded-lg co:focus-visible:after:outline-2 co:focus-visible:after:outline-primary"
        >
          {job.title}
        </Link>
      </h3>
      <p className="co:mt-2 co:text-sm co:text-muted">{job.location}</p>
      <div className="co:mt-auto co:flex co:flex-wrap co:items-center co:gap-2 co:pt-4">
        {job.remote && <Badge tone="brand">{jobCopy.remote}</Badge>}
        {job.level && <Badge>{job.level}</Badge>}
        <span className="co:ml-auto co:text-xs co:text-muted">
          {jobCopy.posted} <time dateTime={job.postedDate}>{formatCalendarDate(job.postedDate)}</time>
        </span>
      </div>
    </Card>
  );
}
