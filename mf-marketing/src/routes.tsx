import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@cardlift/shell/ui';
import { HomePage } from './pages/home-page';
import './styles.css';

/** This remote's route subtree; paths are full site paths (the shell mounts it at the root). */
export default function MarketingRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
