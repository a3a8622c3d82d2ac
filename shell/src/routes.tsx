import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from '@cardlift/shell/router';
import { sectionForPath } from '@cardlift/contracts';
import { NotFoundPage, PageSkeleton } from '@cardlift/shell/ui';
import { MarkInteractive } from './layout/mark-interactive';
import { PageFrame } from './layout/page-frame';
import { PrefetchLinks } from './remotes/prefetch-links';
import { RemoteRoutes } from './remotes/remote-routes';

const ComponentsPage = lazy(() => import('./pages/components-page').then((m) => ({ default: m.ComponentsPage })));

/**
 * The shell's route table. Pages of its own first; everything else belongs to the remote that owns the
 * path's section (see SECTIONS), whose own <Routes> matches the full path and shows the not-found page
 * for paths it does not know.
 */
export function AppRoutes() {
  return (
    <>
      <PrefetchLinks />
      <Routes>
        <Route element={<PageFrame />}>
          <Route
            path="/components"
            element={
              <Suspense fallback={<PageSkeleton />}>
                <ComponentsPage />
                <MarkInteractive />
              </Suspense>
            }
          />
          {/* "View All Case Studies" links to /resources: it must not be a dead end. */}
          <Route path="/resources" element={<Navigate to="/case-studies" replace />} />
          <Route path="*" element={<SectionRoute />} />
        </Route>
      </Routes>
    </>
  );
}

function SectionRoute() {
  const { pathname } = useLocation();
  const section = sectionForPath(pathname);
  if (!section)
    return (
      <>
        <NotFoundPage />
        <MarkInteractive />
      </>
    );
  return <RemoteRoutes name={section.remote} label={section.label} />;
}
