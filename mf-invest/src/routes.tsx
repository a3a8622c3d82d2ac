import { Route, Routes } from '@cardlift/shell/router';
import { NotFoundPage } from '@cardlift/shell/ui';
import { InvestPage } from './pages/invest-page';
import { pages } from './meta';
import './styles.css';

/** This remote's route subtree; paths are full site paths (the shell mounts it at the root). */
export default function RoutesInvestPage() {
  return (
    <Routes>
      <Route path={pages.main.path} element={<InvestPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
