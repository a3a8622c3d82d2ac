import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { FaqAccordionProps } from './faq-accordion';

/**
 * FAQ list following the WAI-ARIA accordion pattern (Radix): one item open at a time or none;
 * activating the open item closes it. Loaded by `FaqAccordion` (faq-accordion.tsx) when the list
 * comes near the viewport.
 */
export default function RadixFaqAccordion({ items, openIndex, onOpenIndexChange }: Omit<FaqAccordionProps, 'className'>) {
  const controlled = openIndex !== undefined;
  return (
    <Accordion.Root
      type="single"
      collapsible
      className="divide-y divide-line border-y border-line"
      {...(controlled ? { value: openIndex === null ? '' : String(openIndex) } : {})}
      onValueChange={(value) => onOpenIndexChange?.(value === '' ? null : Number(value))}
    >
      {items.map((item, index) => (
        <Accordion.Item key={item.question} value={String(index)}>
          <Accordion.Header asChild>
            <h3>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 py-5 text-left text-lg font-medium focus-visible:outline-2 focus-visible:outline-primary">
                {item.question}
                <ChevronDown aria-hidden="true" className="size-5 shrink-0 transition-transform group-data-[state=open]:rotate-180" />
              </Accordion.Trigger>
            </h3>
          </Accordion.Header>
          <Accordion.Content className="pb-5 leading-7 text-muted">{item.answer}</Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
