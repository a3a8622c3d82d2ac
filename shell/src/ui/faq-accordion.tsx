import { useId, type SyntheticEvent } from 'react';
import { HydrateWhenVisible } from './hydrate-when-visible';
import { InlineIcon } from './inline-icon';

export interface FaqItem {
  question: string;
  answer: string;
}

export interface FaqAccordionProps {
  items: readonly FaqItem[];
  className?: string;
}

/**
 * Closes the other open items of the list when one opens. Browsers that know `<details name>` already
 * keep one open per name; this serves the few that do not (and changes nothing where they do).
 */
function closeOthers(event: SyntheticEvent<HTMLDetailsElement>) {
  const opened = event.currentTarget;
  if (!opened.open) return;
  for (const item of opened.parentElement?.querySelectorAll<HTMLDetailsElement>(':scope > details[open]') ?? []) {
    if (item !== opened) item.open = false;
  }
}

/**
 * FAQ list as native disclosures sharing one name: one item open at a time or none, pressing the
 * open item closes it, and the summary is a button with its expanded state for screen readers and
 * the keyboard (Enter, Space). It works from the server's HTML on, before and without the page's
 * script, and the answers are in that HTML (found by search engines and the browser's find-in-page).
 * React never sets `open`: what the visitor opened before hydration stays open. The list hydrates
 * when it comes near the viewport; only the fallback above waits for that.
 */
export function FaqAccordion({ className, items }: FaqAccordionProps) {
  const name = useId();
  return (
    <HydrateWhenVisible className={className}>
      <div className="divide-y divide-line border-y border-line">
        {items.map((item) => (
          <details key={item.question} name={name} onToggle={closeOthers} className="group">
            <summary className="flex list-none items-center justify-between gap-4 py-5 text-left focus-visible:outline-2 focus-visible:outline-primary [&::-webkit-details-marker]:hidden">
              <h3 className="text-lg font-medium">{item.question}</h3>
              <InlineIcon
                name="chevron-down"
                className="size-5 shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none"
              />
            </summary>
            <p className="pb-5 leading-7 text-muted">{item.answer}</p>
          </details>
        ))}
      </div>
    </HydrateWhenVisible>
  );
}
