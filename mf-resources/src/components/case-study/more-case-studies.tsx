import { CardGridSkeleton, caseStudiesQuery, useQuery } from '@cardlift/shell/ui';
import { caseStudiesCopy } from '../../content/case-studies';
import { MORE_CASE_STUDIES_COUNT, selectMoreCaseStudies } from '../../lib/more-case-studies';
import { CaseStudyGrid } from '../case-studies/case-study-grid';
import { DetailSection } from './detail-section';

/** Up to 3 other case studies; hidden when there are none (or the list cannot load). */
export function MoreCaseStudies({ currentId }: { currentId: string }) {
  const { data, isPending } = useQuery(caseStudiesQuery());
  const others = selectMoreCaseStudies(data, currentId);
  if (!isPending && others.length === 0) return null;
  return (
    <DetailSection title={caseStudiesCopy.detail.sections.more} className="rs:border-t rs:border-line">
      {isPending ? (
        <CardGridSkeleton count={MORE_CASE_STUDIES_COUNT} label={caseStudiesCopy.list.loading} />
      ) : (
        <CaseStudyGrid items={others} headingLevel="h3" />
      )}
    </DetailSection>
  );
}
