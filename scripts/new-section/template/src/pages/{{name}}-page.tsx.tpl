import type { ReactElement } from 'react';
import { Container, SectionHeading, TalkToSalesButton, usePageMeta } from '@cardlift/shell/ui';
import { pages } from '../meta';

/** The section's first page, drawn with the design system; its copy comes from the page table. */
export function {{componentName}}(): ReactElement {
  usePageMeta(pages.main);
  return (
    <section className="{{cssPrefix}}:border-b {{cssPrefix}}:border-line {{cssPrefix}}:bg-white">
      <Container className="{{cssPrefix}}:py-20 {{cssPrefix}}:md:py-28">
        <SectionHeading as="h1" title={pages.main.title} description={pages.main.description} className="{{cssPrefix}}:max-w-3xl" />
        <div className="{{cssPrefix}}:mt-10">
          <TalkToSalesButton />
        </div>
      </Container>
    </section>
  );
}
