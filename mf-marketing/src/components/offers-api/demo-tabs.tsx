import type { KeyboardEvent, RefObject } from 'react';
import { cn } from '@cardlift/shell/ui';

interface DemoTabsProps {
  idBase: string;
  labels: readonly string[];
  selected: number;
  onSelect(index: number): void;
  /** Lets the parent move focus to the selected tab (after Next). */
  tabRefs: RefObject<(HTMLButtonElement | null)[]>;
}

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move between tabs. */
export function DemoTabs({ idBase, labels, selected, onSelect, tabRefs }: DemoTabsProps) {
  const move = (event: KeyboardEvent, index: number) => {
    const last = labels.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onSelect(target);
    tabRefs.current[target]?.focus();
  };
  return (
    <div role="tablist" aria-label="Sample offer categories" className="mk:flex mk:flex-wrap mk:gap-2">
      {labels.map((label, index) => (
        <button
          key={label}
          ref={(el) => {
            tabRefs.current[index] = el;
          }}
          type="button"
          role="tab"
          id={`${idBase}-tab-${index}`}
          aria-selected={index === selected}
          aria-controls={`${idBase}-panel`}
          tabIndex={index === selected ? 0 : -1}
          onClick={() => onSelect(index)}
          onKeyDown={(event) => move(event, index)}
          className={cn(
            'mk:rounded-button mk:px-4 mk:py-2 mk:text-sm mk:font-medium mk:transition-colors mk:focus-visible:outline-2 mk:focus-visible:outline-offset-2 mk:focus-visible:outline-white',
            index === selected ? 'mk:bg-white mk:text-black' : 'mk:bg-white/10 mk:text-white mk:hover:bg-white/20',
          )}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
