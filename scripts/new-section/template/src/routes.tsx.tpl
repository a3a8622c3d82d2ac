import type { ReactElement } from 'react';
import { Route, Routes } from '@cardlift/shell/router';
import { NotFoundPage } from '@cardlift/shell/ui';
import { pages } from './meta';
import { {{componentName}} } from './pages/{{name}}-page';
import './styles.css';

/** This remote's route subtree; paths are full site paths (the shell mounts it at the root). */
export default function {{labelIdentifier}}Routes(): ReactElement {
  return (
    <Routes>
      <Route path={pages.main.path} element={<{{componentName}} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
