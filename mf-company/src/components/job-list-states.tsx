import { siteConfig, type JobPostingSummary } from '@cardlift/contracts';
import { CardGridSkeleton } from '@cardlift/shell/ui';
import { careersCopy } from '../content/careers';
import { resumeHref } from '../lib/mailto';
import { JobCard } from './job-card';

/** Number of skeleton cards while openings load. */
export const CAREERS_SKELETON_COUNT = 4;

export function JobsLoading() {
  return <CardGridSkeleton count={CAREERS_SKELETON_COUNT} label={careersCopy.loading} />;
}

export function JobsError() {
  return (
    <p role="alert" className="co:rounded-lg co:border co:border-line co:bg-white co:p-6 co:text-ink">
      {careersCopy.error}
    </p>
  );
}

/** The resume prompt: under an empty list, and under the list for roles we have not posted. */
export function ResumePrompt() {
  return (
    <p className="co:mt-4 co:text-muted">
      {careersCopy.resumePrompt}{' '}
      <a href={resumeHref} className="co:font-medium co:text-primary co:underline co:underline-offset-4">
        {siteConfig.careersEmail}
      </a>
      .
    </p>
  );
}

export function JobsEmpty() {
  return (
    <div className="co:rounded-lg co:border co:border-line co:bg-white co:p-6">
      <p className="co:text-lg co:font-medium co:text-ink">{careersCopy.empty}</p>
      <ResumePrompt />
    </div>
  );
}

export function JobList({ jobs }: { jobs: readonly JobPostingSummary[] }) {
  return (
    <ul className="co:grid co:gap-6 co:lg:grid-cols-2">
      {jobs.map((job) => (
        <li key={job.id}>
          <JobCard job={job} />
        </li>
      ))}
    </ul>
  );
}
