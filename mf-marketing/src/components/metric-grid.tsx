import { MetricTile, type Metric } from '@cardlift/shell/ui';

/** Figures that count up once half visible; screen readers get the final figure at once. */
export function MetricGrid({ metrics }: { metrics: readonly Metric[] }) {
  return (
    <ul className="mk:grid mk:gap-6 mk:sm:grid-cols-2 mk:lg:grid-cols-4">
      {metrics.map((metric) => (
        <li key={metric.label} className="mk:flex">
          <MetricTile metric={metric} className="mk:w-full mk:text-center" />
        </li>
      ))}
    </ul>
  );
}
