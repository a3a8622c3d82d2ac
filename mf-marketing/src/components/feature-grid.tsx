import { Card, CardText, CardTitle, cn } from '@cardlift/shell/ui';
import type { Feature } from '../content/coverage';

/** Feature cards (h3 each) in a responsive grid; `numbered` shows steps in order. */
export function FeatureGrid({
  features,
  numbered = false,
  className,
}: {
  features: readonly Feature[];
  numbered?: boolean;
  className?: string;
}) {
  const List = numbered ? 'ol' : 'ul';
  return (
    <List
      className={cn('mk:grid mk:gap-6 mk:md:grid-cols-2', features.length % 3 === 0 ? 'mk:lg:grid-cols-3' : 'mk:lg:grid-cols-4', className)}
    >
      {features.map((feature, index) => (
        <li key={feature.title} className="mk:flex">
          <Card className="mk:w-full">
            {numbered && (
              <p aria-hidden="true" className="mk:mb-3 mk:text-sm mk:font-semibold mk:text-primary">
                Step {index + 1}
              </p>
            )}
            <CardTitle>{feature.title}</CardTitle>
            <CardText>{feature.description}</CardText>
          </Card>
        </li>
      ))}
    </List>
  );
}
