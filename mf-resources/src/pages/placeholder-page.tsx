import { usePageMeta } from '@cardlift/shell/ui';
import { pages } from '../meta';

export function CaseStudiesPage() {
  usePageMeta(pages.main);
  return (
    <section className="rs:mx-auto rs:max-w-6xl rs:px-6 rs:py-24">
      <h1 className="rs:text-4xl rs:font-semibold">Case Studies</h1>
    </section>
  );
}
