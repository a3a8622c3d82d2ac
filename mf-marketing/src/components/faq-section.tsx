import { useState } from 'react';
import { FaqAccordion, type FaqItem } from '@cardlift/shell/ui';
import { Section } from './section';

/** FAQ: one open item or none; activating the open item closes it. */
export function FaqSection({ title, items }: { title: string; items: readonly FaqItem[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  return (
    <Section title={title} tone="page">
      <FaqAccordion items={items} openIndex={openIndex} onOpenIndexChange={setOpenIndex} className="mk:mx-auto mk:max-w-3xl" />
    </Section>
  );
}
