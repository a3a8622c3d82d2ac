import { FaqAccordion, type FaqItem } from '@cardlift/shell/ui';
import { Section } from './section';

/** FAQ: one open item or none; activating the open item closes it (the design system's accordion). */
export function FaqSection({ title, items }: { title: string; items: readonly FaqItem[] }) {
  return (
    <Section title={title} tone="page">
      <FaqAccordion items={items} className="mk:mx-auto mk:max-w-3xl" />
    </Section>
  );
}
