import type { CaseStudy } from '@cardlift/contracts';
import { caseStudiesCopy } from '../../content/case-studies';
import { CaseStudyHero } from './case-study-hero';
import { ChallengeText } from './challenge-text';
import { DetailSection, Prose } from './detail-section';
import { MetricCards, SolutionDetailCards, TitledCards } from './icon-cards';
import { MoreCaseStudies } from './more-case-studies';

/** A loaded case study, section by section. */
export function CaseStudyView({ caseStudy }: { caseStudy: CaseStudy }) {
  const titles = caseStudiesCopy.detail.sections;
  return (
    <article>
      <CaseStudyHero caseStudy={caseStudy} />
      <DetailSection title={titles.overview}>
        <Prose text={caseStudy.description ?? caseStudy.overview} />
      </DetailSection>
      <DetailSection title={titles.challenge}>
        <ChallengeText text={caseStudy.challenge} />
      </DetailSection>
      <DetailSection title={titles.solution}>
        <Prose text={caseStudy.solution} />
        <div className="rs:mt-8">
          <SolutionDetailCards details={caseStudy.solutionDetails} />
        </div>
      </DetailSection>
      <DetailSection title={titles.results}>
        <Prose text={caseStudy.results} />
        <div className="rs:mt-8">
          <MetricCards metrics={caseStudy.metrics} />
        </div>
      </DetailSection>
      <DetailSection title={titles.differentiators}>
        <TitledCards items={caseStudy.differentiators} />
      </DetailSection>
      <DetailSection title={titles.keyTakeaways}>
        <TitledCards items={caseStudy.keyTakeaways} numbered />
      </DetailSection>
      <MoreCaseStudies currentId={caseStudy.id} />
    </article>
  );
}
