import { CardGridSkeleton } from '@cardlift/shell/ui';
import { caseStudiesCopy } from '../../content/case-studies';
import { StatusPanel } from '../common/status-panel';

/** The 6 skeleton cards of a list while it loads. */
export const LIST_SKELETON_COUNT = 6;

export function CaseStudiesLoading() {
  return <CardGridSkeleton count={LIST_SKELETON_COUNT} label={caseStudiesCopy.list.loading} />;
}

export function CaseStudiesEmpty() {
  const { title, text } = caseStudiesCopy.list.empty;
  return <StatusPanel tone="empty" title={title} text={text} />;
}

export function CaseStudiesError() {
  const { title, text } = caseStudiesCopy.list.error;
  return <StatusPanel tone="error" title={title} text={text} />;
}
