import { lazy } from 'react';
import { HydrateWhenVisible } from './hydrate-when-visible';

export interface FaqItem {
  question: string;
  answer: string;
}

export interface FaqAccordionProps {
  items: readonly FaqItem[];
  /** Index of the open item, or null for none (controlled use). */
  openIndex?: number | null;
  onOpenIndexChange?: (index: number | null) => void;
  className?: string;
}

const RadixFaqAccordion = lazy(() => import(/* webpackChunkName: "faq-accordion" */ './faq-accordion-radix'));

/**
 * FAQ list following the WAI-ARIA accordion pattern (Radix): one item open at a time or none;
 * activating the open item closes it. FAQs sit low on their pages, so Radix's code loads, and the
 * list hydrates, when it comes near the viewport; the server's HTML shows the questions until then.
 */
export function FaqAccordion({ className, ...props }: FaqAccordionProps) {
  return (
    <HydrateWhenVisible className={className}>
      <RadixFaqAccordion {...props} />
    </HydrateWhenVisible>
  );
}
