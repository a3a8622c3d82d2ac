import { Link } from '@cardlift/shell/router';
import { buttonVariants, Container, SectionHeading, usePageMeta } from '@cardlift/shell/ui';
import { inProgressCopy, inProgressPages } from '../content/in-progress';
import { pages } from '../meta';

/** /products/merchants and /products/publishers until their content is ready. */
export function InProgressPage({ page }: { page: keyof typeof inProgressPages }) {
  usePageMeta(pages[page]);
  const copy = inProgressPages[page];
  return (
    <section aria-labelledby="page-title" className="mk:bg-page mk:py-28">
      <Container className="mk:flex mk:min-h-[40vh] mk:flex-col mk:items-center mk:justify-center mk:text-center">
        <SectionHeading
          as="h1"
          id="page-title"
          eyebrow={copy.eyebrow}
          title={copy.title}
          description={inProgressCopy.message}
          align="center"
        />
        <Link to="/" className={buttonVariants({ size: 'lg', className: 'mk:mt-10' })}>
          {inProgressCopy.home}
        </Link>
      </Container>
    </section>
  );
}
