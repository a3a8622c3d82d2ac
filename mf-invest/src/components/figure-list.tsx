import type { Figure } from '../content/invest-content';

/** Big numbers with their labels; a description list so each value is read with its label. */
export function FigureList({ figures, label }: { figures: readonly Figure[]; label: string }) {
  return (
    <dl aria-label={label} className="iv:mt-10 iv:grid iv:grid-cols-2 iv:gap-4 iv:lg:grid-cols-4">
      {figures.map((figure) => (
        <div key={figure.label} className="iv:flex iv:flex-col iv:rounded-lg iv:border iv:border-neutral-800 iv:bg-neutral-900 iv:p-6">
          <dt className="iv:order-2 iv:mt-2 iv:text-sm iv:text-neutral-300">{figure.label}</dt>
          <dd className="iv:order-1 iv:text-3xl iv:font-semibold iv:text-emerald-400 iv:md:text-4xl">{figure.value}</dd>
          {figure.note && <dd className="iv:order-3 iv:mt-3 iv:text-xs iv:text-neutral-400">{figure.note}</dd>}
        </div>
      ))}
    </dl>
  );
}
