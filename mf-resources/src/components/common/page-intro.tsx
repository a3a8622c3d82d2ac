import { Breadcrumb, type Crumb } from '@cardlift/shell/ui';

/** Breadcrumb, the page's h1 and a short intro, at the top of a list page. */
export function PageIntro({ crumbs, title, intro }: { crumbs: readonly Crumb[]; title: string; intro: string }) {
  return (
    <header className="rs:pt-12 rs:pb-10 rs:md:pt-16">
      <Breadcrumb items={[...crumbs]} />
      <h1 className="rs:mt-6 rs:text-4xl rs:font-semibold rs:tracking-tight rs:text-ink rs:md:text-5xl">{title}</h1>
      <p className="rs:mt-4 rs:max-w-2xl rs:text-lg rs:leading-8 rs:text-muted">{intro}</p>
    </header>
  );
}
