import { Container, SectionHeading, usePageFrame, usePageMeta } from '@cardlift/shell/ui';
import { ContactSection } from '../contact/contact-section';
import { BadgeDocs, ButtonDocs, CardDocs } from './components/component-docs';
import { ContactFormDocs } from './components/contact-form-docs';
import { docsIntro } from './components/docs-content';
import { ColourDocs, SpacingDocs, TypographyDocs } from './components/foundations-docs';
import { IconDocs } from './components/icon-docs';
import { componentsPageMeta } from './meta';

const contents = [
  { id: 'typography', label: 'Typography' },
  { id: 'colours', label: 'Colours' },
  { id: 'buttons', label: 'Buttons' },
  { id: 'icons', label: 'Icons' },
  { id: 'cards', label: 'Cards' },
  { id: 'badges', label: 'Badges' },
  { id: 'spacing', label: 'Spacing' },
  { id: 'contact-form', label: 'Contact form' },
] as const;

/** /components: the design system documented from the real components. */
export function ComponentsPage() {
  usePageMeta(componentsPageMeta);
  usePageFrame(componentsPageMeta.frame);
  return (
    <>
      <Container className="py-24">
        <SectionHeading as="h1" eyebrow="Design system" title={componentsPageMeta.title} description={docsIntro} />
        <nav aria-label="On this page" className="mt-10">
          <ul className="flex flex-wrap gap-2">
            {contents.map((item) => (
              <li key={item.id}>
                <a
                  href={`#${item.id}`}
                  className="inline-flex rounded-full border border-line bg-white px-3 py-1 text-sm hover:border-black focus-visible:outline-2 focus-visible:outline-primary"
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-8">
          <TypographyDocs />
          <ColourDocs />
          <ButtonDocs />
          <IconDocs />
          <CardDocs />
          <BadgeDocs />
          <SpacingDocs />
          <ContactFormDocs />
        </div>
      </Container>
      {/* The live form. The frame's copy is turned off above, so the page keeps one form and one #contact. */}
      <ContactSection />
    </>
  );
}
