import { Button, Container, SectionHeading, usePageMeta } from '@cardlift/shell/ui';
import { componentsPageMeta } from './meta';

export default function ComponentsPage() {
  usePageMeta(componentsPageMeta);
  return (
    <Container className="py-24">
      <SectionHeading as="h1" title="Design System" />
      <Button className="mt-8">Primary</Button>
    </Container>
  );
}
