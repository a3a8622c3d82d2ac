import { usePageMeta } from '@cardlift/shell/ui';
import { LegalDocumentView } from '../components/legal-document';
import { privacyPolicy } from '../content/privacy';
import { termsOfService } from '../content/terms';
import { pages } from '../meta';

export function PrivacyPage() {
  usePageMeta(pages.privacy);
  return <LegalDocumentView document={privacyPolicy} />;
}

export function TermsPage() {
  usePageMeta(pages.terms);
  return <LegalDocumentView document={termsOfService} />;
}
