import { Route, Routes } from '@cardlift/shell/router';
import { NotFoundPage } from '@cardlift/shell/ui';
import { solutions } from './content/solutions';
import { pageChunks } from './page-chunks';
import { pages, remoteMeta, solutionPages } from './meta';
import './styles.css';

/** One chunk per page (`PageMeta.chunk`), named `page-<chunk>` for the build's page table (`page-chunks.json`). */
const { loadPage, pageFiles, Page } = pageChunks(remoteMeta, {
  home: () => import(/* webpackChunkName: "page-home" */ './pages/home-page').then((m) => m.HomePage),
  'offers-network': () =>
    import(/* webpackChunkName: "page-offers-network" */ './pages/offers-network-page').then((m) => m.OffersNetworkPage),
  'card-linked-offers': () =>
    import(/* webpackChunkName: "page-card-linked-offers" */ './pages/card-linked-offers-page').then((m) => m.CardLinkedOffersPage),
  'in-progress': () => import(/* webpackChunkName: "page-in-progress" */ './pages/in-progress-page').then((m) => m.InProgressPage),
  'transactional-data': () =>
    import(/* webpackChunkName: "page-transactional-data" */ './pages/transactional-data-page').then((m) => m.TransactionalDataPage),
  'offers-api': () => import(/* webpackChunkName: "page-offers-api" */ './pages/offers-api-page').then((m) => m.OffersApiPage),
  solution: () => import(/* webpackChunkName: "page-solution" */ './pages/solution-page').then((m) => m.SolutionPage),
});

export { loadPage, pageFiles };

/** This remote's route subtree; paths are full site paths (the shell mounts it at the root). */
export default function MarketingRoutes() {
  return (
    <Routes>
      <Route path={pages.home.path} element={<Page chunk="home" />} />
      <Route path={pages.offersNetwork.path} element={<Page chunk="offers-network" />} />
      <Route path={pages.cardLinkedOffers.path} element={<Page chunk="card-linked-offers" />} />
      <Route path={pages.merchants.path} element={<Page chunk="in-progress" page="merchants" />} />
      <Route path={pages.publishers.path} element={<Page chunk="in-progress" page="publishers" />} />
      <Route path={pages.transactionalData.path} element={<Page chunk="transactional-data" />} />
      <Route path={pages.offersApi.path} element={<Page chunk="offers-api" />} />
      {solutions.map((solution) => (
        <Route key={solution.slug} path={solutionPages[solution.slug].path} element={<Page chunk="solution" solution={solution} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
