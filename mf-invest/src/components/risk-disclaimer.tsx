import { disclaimer } from '../content/invest-content';

/**
 * Shown in full on the page, not behind a toggle: an investment page must state its risks plainly.
 * Bottom padding, not margin: a margin would collapse through the page root and show the light site
 * background between the page and the footer.
 */
export function RiskDisclaimer() {
  return (
    <section
      id={disclaimer.id}
      aria-labelledby={`${disclaimer.id}-title`}
      className="iv:mx-auto iv:w-full iv:pb-16 iv:max-w-6xl iv:scroll-mt-24 iv:px-6 iv:md:px-8"
    >
      <div className="iv:rounded-lg iv:border iv:border-amber-300/40 iv:bg-neutral-900 iv:p-6 iv:md:p-8">
        <h2 id={`${disclaimer.id}-title`} className="iv:text-lg iv:font-semibold iv:text-amber-200">
          {disclaimer.heading}
        </h2>
        {disclaimer.paragraphs.map((text) => (
          <p key={text.slice(0, 40)} className="iv:mt-3 iv:text-sm iv:leading-relaxed iv:text-neutral-300">
            {text}
          </p>
        ))}
      </div>
    </section>
  );
}
