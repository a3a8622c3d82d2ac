import { caseStudiesCopy, CASE_STUDIES_PATH } from '../../content/case-studies';
import { LinkButton } from '../common/link-button';
import { StatusPanel } from '../common/status-panel';

/** The case study page's load error: any failure reads as not found. */
export function CaseStudyNotFound() {
  const { title, text, link } = caseStudiesCopy.detail.notFound;
  return (
    <StatusPanel as="h1" tone="empty" title={title} text={text} className="rs:my-16">
      <LinkButton to={CASE_STUDIES_PATH} className="rs:mt-8">
        {link}
      </LinkButton>
    </StatusPanel>
  );
}
