import { cn } from './cn';
import { useCountUp } from './use-count-up';

export interface Metric {
  value: string;
  label: string;
  description?: string;
}

/** A figure that counts up when seen. Screen readers get the final figure from the start. */
export function MetricTile({ metric, className, countUp = true }: { metric: Metric; className?: string; countUp?: boolean }) {
  const { ref, text } = useCountUp<HTMLParagraphElement>(metric.value);
  return (
    <div className={cn('rounded-lg border border-line bg-white p-6', className)}>
      <p ref={ref} className="text-4xl font-semibold tracking-tight text-primary tabular-nums md:text-5xl">
        <span aria-hidden="true">{countUp ? text : metric.value}</span>
        <span className="sr-only">{metric.value}</span>
      </p>
      <p className="mt-2 font-medium text-ink">{metric.label}</p>
      {metric.description && <p className="mt-1 text-sm text-muted">{metric.description}</p>}
    </div>
  );
}
