import { TalkToSalesButton, usePageMeta } from '@cardlift/shell/ui';
import { pages } from '../meta';

export function HomePage() {
  usePageMeta(pages.home);
  return (
    <section className="mk:mx-auto mk:max-w-6xl mk:px-6 mk:py-24">
      <h1 className="mk:text-5xl mk:font-semibold">Card-linked offers that bring customers back</h1>
      <TalkToSalesButton className="mk:mt-8" />
    </section>
  );
}
