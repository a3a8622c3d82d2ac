import { Container } from '@cardlift/shell/ui';
import { LEGAL_TOC_ID, legalAnchorId, type LegalBlock, type LegalDocument, type LegalSubsection } from '../content/legal';
import { formatCalendarDate, LEGAL_DATE_FORMAT } from '../lib/dates';

function Blocks({ blocks }: { blocks: readonly LegalBlock[] }) {
  return blocks.map((block, i) =>
    typeof block === 'string' ? (
      <p key={i} className="co:mt-4 co:leading-7">
        {block}
      </p>
    ) : (
      <ul key={i} className="co:mt-4 co:list-disc co:space-y-2 co:pl-6 co:leading-7">
        {block.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    ),
  );
}

function Subsection({ section, number }: { section: LegalSubsection; number: string }) {
  return (
    <section aria-labelledby={legalAnchorId(section.id)} className="co:mt-8">
      <h3 id={legalAnchorId(section.id)} className="co:scroll-mt-28 co:text-lg co:font-semibold">
        {number} {section.heading}
      </h3>
      <Blocks blocks={section.body} />
    </section>
  );
}

/** A long legal text: h1 with its update date, a table of contents, numbered h2 sections and h3 subsections. */
export function LegalDocumentView({ document: doc }: { document: LegalDocument }) {
  return (
    <Container className="co:py-16 co:md:py-24">
      <article className="co:mx-auto co:max-w-3xl co:text-ink">
        <header>
          <h1 className="co:text-4xl co:font-semibold co:tracking-tight co:md:text-5xl">{doc.title}</h1>
          <p className="co:mt-4 co:text-sm co:text-muted">
            Last updated: <time dateTime={doc.updated}>{formatCalendarDate(doc.updated, LEGAL_DATE_FORMAT)}</time>
          </p>
          {doc.intro.map((text) => (
            <p key={text} className="co:mt-6 co:text-lg co:leading-8">
              {text}
            </p>
          ))}
        </header>
        <nav aria-labelledby={legalAnchorId(LEGAL_TOC_ID)} className="co:mt-10 co:rounded-lg co:border co:border-line co:bg-white co:p-6">
          <h2 id={legalAnchorId(LEGAL_TOC_ID)} className="co:text-base co:font-semibold">
            Contents
          </h2>
          <ol className="co:mt-4 co:list-decimal co:space-y-2 co:pl-6 co:text-sm">
            {doc.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${legalAnchorId(section.id)}`} className="co:text-primary co:underline-offset-4 co:hover:underline">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {doc.sections.map((section, i) => (
          <section key={section.id} aria-labelledby={legalAnchorId(section.id)} className="co:mt-12">
            <h2 id={legalAnchorId(section.id)} className="co:scroll-mt-28 co:text-2xl co:font-semibold">
              {i + 1}. {section.heading}
            </h2>
            <Blocks blocks={section.body} />
            {section.subsections?.map((sub, j) => (
              <Subsection key={sub.id} section={sub} number={`${i + 1}.${j + 1}`} />
            ))}
          </section>
        ))}
      </article>
    </Container>
  );
}
