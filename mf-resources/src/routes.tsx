import { Route, Routes } from '@cardlift/shell/router';
import { NotFoundPage } from '@cardlift/shell/ui';
import { BlogPage } from './pages/blog-page';
import { BlogPostPage } from './pages/blog-post-page';
import { CaseStudiesPage } from './pages/case-studies-page';
import { CaseStudyPage } from './pages/case-study-page';
import { pages, PATTERNS } from './meta';
import './styles.css';

/** This remote's route subtree; paths are full site paths (the shell mounts it at the root). */
export default function ResourcesRoutes() {
  return (
    <Routes>
      <Route path={pages.caseStudies.path} element={<CaseStudiesPage />} />
      <Route path={PATTERNS.caseStudiesAlias} element={<CaseStudiesPage />} />
      <Route path={PATTERNS.caseStudy} element={<CaseStudyPage />} />
      <Route path={PATTERNS.caseStudyAlias} element={<CaseStudyPage />} />
      {/* The old Sling TV address: the detail page without an id shows the default case study. */}
      <Route path={PATTERNS.slingTv} element={<CaseStudyPage />} />
      <Route path={pages.blog.path} element={<BlogPage />} />
      {/* Also the /blog/{product}-announcement posts: they are posts with that id. */}
      <Route path={PATTERNS.blogPost} element={<BlogPostPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
