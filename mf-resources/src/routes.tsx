import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@cardlift/shell/ui';
import { CaseStudiesPage } from './pages/placeholder-page';
import './styles.css';

/** This remote's route subtree; paths are full site paths (the shell mounts it at the root). */
export default function RoutesCaseStudiesPage() {
  return (
    <Routes>
      <Route path="/case-studies" element={<CaseStudiesPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
