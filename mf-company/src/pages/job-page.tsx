import { useParams } from '@cardlift/shell/router';
import { Badge, Breadcrumb, Container, Skeleton, usePageMeta, useQuery } from '@cardlift/shell/ui';
import { JobClosed } from '../components/job-closed';
import { JobDetails } from '../components/job-details';
import { JobNotFound } from '../components/job-not-found';
import { JobSections } from '../components/job-sections';
import { jobCopy } from '../content/careers';
import { jobNotFoundMeta, jobPageMeta, pages } from '../meta';
import { isJobSlug, jobQuery } from '../queries/jobs';

function JobLoading() {
  return (
    <Container role="status" aria-live="polite" className="co:min-h-[70vh] co:py-16">
      <span className="co:sr-only">{jobCopy.loading}</span>
      <Skeleton className="co:h-4 co:w-64" />
      <Skeleton className="co:mt-8 co:h-10 co:w-2/3" />
      <div className="co:mt-10 co:grid co:gap-10 co:lg:grid-cols-[1fr_20rem]">
        <Skeleton className="co:h-72" />
        <Skeleton className="co:h-72" />
      </div>
    </Container>
  );
}

/**
 * /company/careers/:slug: one posting, 'Job Not Found' when it fails to load or does not exist, and
 * a closed notice pointing to the open positions when its validThrough has passed (the api says which).
 */
export function JobPage() {
  const { slug } = useParams();
  const valid = isJobSlug(slug);
  const { data: job, isError, isPending } = useQuery(jobQuery(slug));
  const missing = !valid || isError;
  usePageMeta(job ? jobPageMeta(job) : missing ? jobNotFoundMeta : null);

  if (missing) return <JobNotFound />;
  if (isPending) return <JobLoading />;
  return (
    <Container className="co:py-12 co:md:py-16">
      <Breadcrumb
        items={[{ label: 'Home', href: '/' }, { label: jobCopy.breadcrumbCareers, href: pages.careers.path }, { label: job.title }]}
      />
      <header className="co:mt-8">
        <p className="co:text-sm co:font-semibold co:tracking-wide co:text-primary co:uppercase">{job.department}</p>
        <h1 className="co:mt-2 co:text-4xl co:font-semibold co:tracking-tight co:text-balance co:md:text-5xl">{job.title}</h1>
        <div className="co:mt-4 co:flex co:flex-wrap co:gap-2">
          <Badge>{job.location}</Badge>
          {job.remote && <Badge tone="brand">{jobCopy.remote}</Badge>}
        </div>
      </header>
      {job.open ? (
        <div className="co:mt-12 co:grid co:items-start co:gap-12 co:lg:grid-cols-[1fr_20rem]">
          <JobSections job={job} />
          <JobDetails job={job} className="co:lg:sticky co:lg:top-28" />
        </div>
      ) : (
        <JobClosed />
      )}
    </Container>
  );
}
