import { Route, Routes } from '@cardlift/shell/router';
import { NotFoundPage } from '@cardlift/shell/ui';
import { solutions } from './content/solutions';
import { CardLinkedOffersPage } from './pages/card-linked-offers-page';
import { HomePage } from './pages/home-page';
import { InProgressPage } from './pages/in-progress-page';
import { OffersApiPage } from './pages/offers-api-page';
import { OffersNetworkPage } from './pages/offers-network-page';
import { SolutionPage } from './pages/solution-page';
import { TransactionalDataPage } from './pages/transactional-data-page';
import { pages, solutionPages } from './meta';
import './styles.css';

/** This remote's route subtree; paths are full site paths (the shell mounts it at the root). */
export default function MarketingRoutes() {
  return (
    <Routes>
      <Route path={pages.home.path} element={<HomePage />} />
      <Route path={pages.offersNetwork.path} element={<OffersNetworkPage />} />
      <Route path={pages.cardLinkedOffers.path} element={<CardLinkedOffersPage />} />
      <Route path={pages.merchants.path} element={<InProgressPage page="merchants" />} />
      <Route path={pages.publishers.path} element={<InProgressPage page="publishers" />} />
      <Route path={pages.transactionalData.path} element={<TransactionalDataPage />} />
      <Route path={pages.offersApi.path} element={<OffersApiPage />} />
      {solutions.map((solution) => (
        <Route key={solution.slug} path={solutionPages[solution.slug].path} element={<SolutionPage solution={solution} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
