import { usePageMeta } from '@cardlift/shell/ui';
import { pages } from '../meta';

export function AboutPage() {
  usePageMeta(pages.main);
  return (
    <section className="co:mx-auto co:max-w-6xl co:px-6 co:py-24">
      <h1 className="co:text-4xl co:font-semibold">About Us</h1>
    </section>
  );
}
