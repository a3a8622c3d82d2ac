import { Container, SectionHeading, usePageMeta, useQuery } from '@cardlift/shell/ui';
import { JobList, JobsEmpty, JobsError, JobsLoading, ResumePrompt } from '../components/job-list-states';
import { PageHero } from '../components/page-hero';
import { careersCopy, careersHero } from '../content/careers';
import { pages } from '../meta';
import { jobsQuery } from '../queries/jobs';

function Openings() {
  const { data, isPending, isError } = useQuery(jobsQuery());
  if (isPending) return <JobsLoading />;
  if (isError) return <JobsError />;
  if (data.length === 0) return <JobsEmpty />;
  return (
    <>
      <JobList jobs={data} />
      <ResumePrompt />
    </>
  );
}

export function CareersPage() {
  usePageMeta(pages.careers);
  return (
    <>
      <PageHero eyebrow={careersHero.eyebrow} title={careersHero.title} description={careersHero.description} />
      <section aria-labelledby="openings-heading" className="co:py-16 co:md:py-24">
        <Container>
          <SectionHeading id="openings-heading" title={careersCopy.openingsHeading} className="co:mb-10" />
          <Openings />
        </Container>
      </section>
    </>
  );
}
