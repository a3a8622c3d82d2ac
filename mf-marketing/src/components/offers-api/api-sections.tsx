import { Card, CardText, CardTitle } from '@cardlift/shell/ui';
import { offersApiContent as content } from '../../content/offers-api';
import { FeatureGrid } from '../feature-grid';
import { ScrollLink } from '../scroll-link';
import { Section } from '../section';

/** Two cards sending developers and business teams to their part of the page; they sit right under the h1. */
export function PathCards() {
  return (
    <ul aria-label="Where to start" className="mk:mx-auto mk:grid mk:max-w-6xl mk:gap-6 mk:px-6 mk:pb-16 mk:md:grid-cols-2 mk:md:px-8">
      {content.paths.map((path) => (
        <li key={path.target} className="mk:flex">
          <Card className="mk:flex mk:w-full mk:flex-col">
            <CardTitle as="h2">{path.title}</CardTitle>
            <CardText className="mk:flex-1">{path.description}</CardText>
            <ScrollLink
              sectionId={path.target}
              className="mk:mt-4 mk:self-start mk:font-medium mk:text-primary mk:underline-offset-4 mk:hover:underline mk:focus-visible:outline-2 mk:focus-visible:outline-offset-2 mk:focus-visible:outline-primary"
            >
              {path.cta} <span aria-hidden="true">↓</span>
            </ScrollLink>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function SecuritySection() {
  const { security } = content;
  return (
    <Section title={security.title} description={security.description} tone="page">
      <ul className="mk:flex mk:flex-wrap mk:justify-center mk:gap-3">
        {security.points.map((point) => (
          <li key={point} className="mk:rounded-full mk:border mk:border-line mk:bg-white mk:px-4 mk:py-2 mk:text-sm mk:font-medium">
            {point}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Manage performance, then get paid (the second path card's target). */
export function PerformanceSections() {
  const { performance, getPaid } = content;
  return (
    <>
      <Section title={performance.title} description={performance.description} />
      <Section id={getPaid.id} title={getPaid.title} description={getPaid.description} tone="page">
        <ul className="mk:grid mk:gap-6 mk:md:grid-cols-2">
          {getPaid.points.map((point) => (
            <li key={point.title} className="mk:flex">
              <Card className="mk:w-full">
                <CardTitle>{point.title}</CardTitle>
                <CardText>{point.description}</CardText>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

export function UseCasesSection() {
  return (
    <Section title={content.useCases.title}>
      <FeatureGrid features={content.useCases.items} />
    </Section>
  );
}
