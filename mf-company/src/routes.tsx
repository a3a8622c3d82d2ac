import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@cardlift/shell/ui';
import { AboutPage } from './pages/placeholder-page';
import './styles.css';

/** This remote's route subtree; paths are full site paths (the shell mounts it at the root). */
export default function RoutesAboutPage() {
  return (
    <Routes>
      <Route path="/company/about-us" element={<AboutPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
