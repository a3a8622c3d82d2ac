import { Link } from '@cardlift/shell/router';
import { Card, CardText, CardTitle } from '@cardlift/shell/ui';
import { homeContent } from '../../content/home';
import { Section } from '../section';

export function ProductCards() {
  const { products } = homeContent;
  return (
    <Section title={products.title}>
      <ul className="mk:grid mk:gap-6 mk:md:grid-cols-2">
        {products.items.map((product) => (
          <li key={product.href} className="mk:flex">
            <Card className="mk:flex mk:w-full mk:flex-col mk:p-8">
              <CardTitle className="mk:text-2xl">{product.name}</CardTitle>
              <CardText className="mk:flex-1 mk:text-base">{product.description}</CardText>
              <Link
                to={product.href}
                className="mk:mt-6 mk:font-medium mk:text-primary mk:underline-offset-4 mk:hover:underline mk:focus-visible:outline-2 mk:focus-visible:outline-offset-2 mk:focus-visible:outline-primary"
              >
                {product.cta} <span aria-hidden="true">→</span>
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}
