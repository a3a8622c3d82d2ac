import { caseStudiesQuery, Container, usePageMeta, useQuery } from '@cardlift/shell/ui';
import { CaseStudiesEmpty, CaseStudiesError, CaseStudiesLoading } from '../components/case-studies/list-states';
import { CaseStudyGrid } from '../components/case-studies/case-study-grid';
import { PageIntro } from '../components/common/page-intro';
import { caseStudiesCopy } from '../content/case-studies';
import { pages } from '../meta';

/** /case-studies and /casestudies: every case study as a card. */
export function CaseStudiesPage() {
  usePageMeta(pages.caseStudies);
  const { data, isPending, isError } = useQuery(caseStudiesQuery());
  const { title, intro, breadcrumb } = caseStudiesCopy.list;
  return (
    <Container className="rs:pb-24">
      <PageIntro crumbs={breadcrumb} title={title} intro={intro} />
      {isPending ? (
        <CaseStudiesLoading />
      ) : isError ? (
        <CaseStudiesError />
      ) : data.length === 0 ? (
        <CaseStudiesEmpty />
      ) : (
        <CaseStudyGrid items={data} leadsPage />
      )}
    </Container>
  );
}
