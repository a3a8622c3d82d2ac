import { useEffect, useId, useRef } from 'react';
import { Button } from '@cardlift/shell/ui';
import { demoSamples } from '../../content/offers-api-samples';
import { usePrefersReducedMotion } from '../../hooks/use-reduced-motion';
import { useSeenOnce } from '../../hooks/use-seen-once';
import { useTypingDemo } from '../../hooks/use-typing-demo';
import { DemoTabs } from './demo-tabs';
import { OfferCard } from './offer-card';

const LENGTHS = demoSamples.map((s) => s.code.length);

/**
 * The auto-typing sample-code panel. The animated copy is hidden from assistive technology; the full
 * code sits beside it as visually hidden text, so screen readers read it whole at any moment. The
 * server renders the first sample complete with its response; the typing starts when the demo first
 * comes on screen, not while the visitor reads the top of the page.
 */
export function CodeDemo({ responseLabel }: { responseLabel: string }) {
  const idBase = useId();
  const reducedMotion = usePrefersReducedMotion();
  const panel = useRef<HTMLDivElement>(null);
  const demo = useTypingDemo({ lengths: LENGTHS, reducedMotion, started: useSeenOnce(panel) });
  const { rewind } = demo;
  useEffect(() => {
    // Hydrated off screen (or where the browser cannot tell): type the first sample once it is seen.
    // Hydrated in view, the visitor is already reading the complete sample: leave it.
    const element = panel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return rewind();
    const box = element.getBoundingClientRect();
    if (box.bottom <= 0 || box.top >= window.innerHeight) rewind();
  }, [rewind]);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const sample = demoSamples[demo.tab] ?? demoSamples[0]!;
  const handleNext = () => {
    const next = (demo.tab + 1) % demoSamples.length;
    demo.next();
    // The Next button disappears while the next sample types: keep focus on the tablist.
    tabRefs.current[next]?.focus();
  };
  return (
    <div ref={panel} className="mk:rounded-xl mk:bg-neutral-950 mk:p-4 mk:text-white mk:md:p-6">
      <div className="mk:flex mk:flex-wrap mk:items-center mk:justify-between mk:gap-4">
        <DemoTabs idBase={idBase} labels={demoSamples.map((s) => s.tab)} selected={demo.tab} onSelect={demo.select} tabRefs={tabRefs} />
        {!reducedMotion && (
          <Button variant="inverted" size="sm" onClick={() => demo.setPaused(!demo.paused)}>
            {demo.paused ? 'Play animation' : 'Pause animation'}
          </Button>
        )}
      </div>
      <div
        role="tabpanel"
        id={`${idBase}-panel`}
        aria-labelledby={`${idBase}-tab-${demo.tab}`}
        className="mk:mt-6 mk:grid mk:gap-6 mk:lg:grid-cols-[3fr_2fr]"
      >
        <div className="mk:min-w-0 mk:rounded-lg mk:bg-black mk:p-4">
          <pre className="mk:sr-only">
            <code>{sample.code}</code>
          </pre>
          {/* Both copies in one grid cell: the invisible full code reserves the height, so nothing moves while typing.
              Lines wrap instead of scrolling, so phones need no scrollable region. */}
          <div
            aria-hidden="true"
            data-testid="typed-code"
            className="mk:grid mk:font-mono mk:text-xs mk:leading-6 mk:md:text-sm mk:[&>pre]:break-words mk:[&>pre]:whitespace-pre-wrap"
          >
            <pre className="mk:invisible mk:[grid-area:1/1]">{sample.code}</pre>
            <pre className="mk:[grid-area:1/1] mk:text-emerald-200">
              {sample.code.slice(0, demo.typed)}
              {!demo.typingDone && <span className="mk:inline-block mk:h-4 mk:w-2 mk:translate-y-0.5 mk:bg-emerald-200" />}
            </pre>
          </div>
        </div>
        <div className="mk:flex mk:flex-col mk:justify-between mk:gap-4">
          <div className="mk:min-h-64 mk:text-ink">
            {demo.responseVisible ? (
              <OfferCard offer={sample.offer} label={responseLabel} />
            ) : (
              <p className="mk:rounded-lg mk:border mk:border-dashed mk:border-white/30 mk:p-6 mk:text-sm mk:text-neutral-300">
                Waiting for the response…
              </p>
            )}
          </div>
          {demo.typingDone && (
            <Button variant="inverted" className="mk:self-end" onClick={handleNext}>
              Next <span aria-hidden="true">→</span>
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
