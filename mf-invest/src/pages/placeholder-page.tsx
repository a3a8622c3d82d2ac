import { usePageMeta } from '@cardlift/shell/ui';
import { pages } from '../meta';

export function InvestPage() {
  usePageMeta(pages.main);
  return (
    <section className="iv:mx-auto iv:max-w-6xl iv:px-6 iv:py-24">
      <h1 className="iv:text-4xl iv:font-semibold">Invest</h1>
    </section>
  );
}
