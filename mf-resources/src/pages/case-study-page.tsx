import { useParams } from '@cardlift/shell/router';
import { Container, usePageMeta, useQuery } from '@cardlift/shell/ui';
import { CaseStudyNotFound } from '../components/case-study/case-study-not-found';
import { CaseStudySkeleton } from '../components/case-study/case-study-skeleton';
import { CaseStudyView } from '../components/case-study/case-study-view';
import { caseStudyMeta, caseStudyNotFoundMeta, DEFAULT_CASE_STUDY_ID } from '../meta';
import { caseStudyQuery } from '../queries/case-studies';

/** /case-studies/:caseStudyId, /casestudies/:caseStudyId and /casestudy/slingtv (no id: the default one). */
export function CaseStudyPage() {
  const { caseStudyId = DEFAULT_CASE_STUDY_ID } = useParams();
  const { data, isError } = useQuery(caseStudyQuery(caseStudyId));
  usePageMeta(data ? caseStudyMeta(data) : isError ? caseStudyNotFoundMeta : null);
  return (
    <Container className="rs:pb-16">
      {isError ? <CaseStudyNotFound /> : data ? <CaseStudyView caseStudy={data} /> : <CaseStudySkeleton />}
    </Container>
  );
}
