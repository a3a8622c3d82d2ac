import { Navigate, Route, Routes } from '@cardlift/shell/router';
import { NotFoundPage } from '@cardlift/shell/ui';
import { AboutPage } from './pages/about-page';
import { CareersPage } from './pages/careers-page';
import { JobPage } from './pages/job-page';
import { PrivacyPage, TermsPage } from './pages/legal-pages';
import { PressPage } from './pages/press-page';
import { JOB_PAGE_PATTERN, pages } from './meta';
import './styles.css';

/** This remote's route subtree; paths are full site paths (the shell mounts it at the root). */
export default function CompanyRoutes() {
  return (
    <Routes>
      {/* /company has no page of its own: send it to About Us. */}
      <Route path={pages.companyIndex.path} element={<Navigate to={pages.aboutUs.path} replace />} />
      <Route path={pages.aboutUs.path} element={<AboutPage />} />
      <Route path={pages.press.path} element={<PressPage />} />
      <Route path={pages.careers.path} element={<CareersPage />} />
      <Route path={JOB_PAGE_PATTERN} element={<JobPage />} />
      <Route path={pages.privacy.path} element={<PrivacyPage />} />
      <Route path={pages.terms.path} element={<TermsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
