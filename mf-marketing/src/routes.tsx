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
import './styles.css';

/** This remote's route subtree; paths are full site paths (the shell mounts it at the root). */
export default function MarketingRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/products/offers-network" element={<OffersNetworkPage />} />
      <Route path="/products/card-linked-offers" element={<CardLinkedOffersPage />} />
      <Route path="/products/merchants" element={<InProgressPage page="merchants" />} />
      <Route path="/products/publishers" element={<InProgressPage page="publishers" />} />
      <Route path="/products/transactional-data" element={<TransactionalDataPage />} />
      <Route path="/products/offers-api" element={<OffersApiPage />} />
      {solutions.map((solution) => (
        <Route key={solution.slug} path={`/solutions/${solution.slug}`} element={<SolutionPage solution={solution} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
