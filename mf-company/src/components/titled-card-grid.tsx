import { Card, CardText, CardTitle, cn, Container, SectionHeading } from '@cardlift/shell/ui';
import type { Titled } from '../content/about';

interface TitledCardGridProps {
  id: string;
  title: string;
  description?: string;
  items: readonly Titled[];
  /** Small text above each card's title (e.g. 'Coming soon'). */
  note?: string;
  className?: string;
}

/** A section (h2) with a grid of cards (h3): pillars, values, press categories. */
export function TitledCardGrid({ id, title, description, items, note, className }: TitledCardGridProps) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className={cn('co:py-16 co:md:py-24', className)}>
      <Container>
        <SectionHeading id={headingId} title={title} description={description} />
        <ul className="co:mt-10 co:grid co:gap-6 co:sm:grid-cols-2 co:lg:grid-cols-4">
          {items.map((item, i) => (
            <li key={item.title} className="co:flex">
              <Card className="co:flex co:w-full co:flex-col">
                <p aria-hidden={(item.note ?? note) ? undefined : 'true'} className="co:text-sm co:font-semibold co:text-primary">
                  {item.note ?? note ?? String(i + 1).padStart(2, '0')}
                </p>
                <CardTitle className="co:mt-3">{item.title}</CardTitle>
                <CardText>{item.description}</CardText>
                {item.link && (
                  <a
                    href={item.link.href}
                    className="co:mt-4 co:font-medium co:text-primary co:underline co:underline-offset-4 co:break-all"
                  >
                    {item.link.label}
                  </a>
                )}
              </Card>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
