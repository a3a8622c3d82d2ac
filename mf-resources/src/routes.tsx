import { Route, Routes } from '@cardlift/shell/router';
import { NotFoundPage } from '@cardlift/shell/ui';
import { BlogPage } from './pages/blog-page';
import { BlogPostPage } from './pages/blog-post-page';
import { CaseStudiesPage } from './pages/case-studies-page';
import { CaseStudyPage } from './pages/case-study-page';
import './styles.css';

/** This remote's route subtree; paths are full site paths (the shell mounts it at the root). */
export default function ResourcesRoutes() {
  return (
    <Routes>
      <Route path="/case-studies" element={<CaseStudiesPage />} />
      <Route path="/casestudies" element={<CaseStudiesPage />} />
      <Route path="/case-studies/:caseStudyId" element={<CaseStudyPage />} />
      <Route path="/casestudies/:caseStudyId" element={<CaseStudyPage />} />
      {/* The old Sling TV address: the detail page without an id shows the default case study. */}
      <Route path="/casestudy/slingtv" element={<CaseStudyPage />} />
      <Route path="/blog" element={<BlogPage />} />
      {/* Also the /blog/{product}-announcement posts: they are posts with that id. */}
      <Route path="/blog/:id" element={<BlogPostPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
