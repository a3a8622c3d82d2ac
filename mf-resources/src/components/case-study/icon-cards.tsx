import type { CaseStudyMetric, SolutionDetail } from '@cardlift/contracts';
import { Card, CardText, CardTitle, cn } from '@cardlift/shell/ui';
import { iconFor } from '../../lib/metric-icon';

/** Four cards sit in one row of four; other counts in rows of three, so no row ends with one orphan of four. */
const columnsFor = (count: number) => (count % 4 === 0 ? 'rs:sm:grid-cols-2 rs:lg:grid-cols-4' : 'rs:md:grid-cols-3');

function IconBadge({ name }: { name: string }) {
  const Icon = iconFor(name);
  return (
    <span className="rs:inline-flex rs:size-11 rs:items-center rs:justify-center rs:rounded-full rs:bg-primary/10 rs:text-primary">
      <Icon aria-hidden="true" className="rs:size-5" />
    </span>
  );
}

/** The Solution's detail cards: icon, title, description. */
export function SolutionDetailCards({ details }: { details: readonly SolutionDetail[] }) {
  return (
    <ul className={cn('rs:grid rs:gap-6', columnsFor(details.length))}>
      {details.map((detail) => (
        <li key={detail.title}>
          <Card className="rs:h-full">
            <IconBadge name={detail.icon} />
            <CardTitle className="rs:mt-4">{detail.title}</CardTitle>
            <CardText>{detail.description}</CardText>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export const metricName = (m: CaseStudyMetric) => m.metric ?? m.label ?? '';

/** The Results' metric cards: icon, figure, name, description. */
export function MetricCards({ metrics }: { metrics: readonly CaseStudyMetric[] }) {
  return (
    <ul className={cn('rs:grid rs:gap-6', columnsFor(metrics.length))}>
      {metrics.map((metric) => (
        <li key={metricName(metric)}>
          <Card className="rs:h-full">
            <IconBadge name={metricName(metric)} />
            <p className="rs:mt-4 rs:text-4xl rs:font-semibold rs:tracking-tight rs:text-primary rs:tabular-nums">{metric.value}</p>
            <p className="rs:mt-2 rs:font-medium rs:text-ink">{metricName(metric)}</p>
            <p className="rs:mt-1 rs:text-sm rs:text-muted">{metric.description}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** Differentiator and key takeaway cards: title and description. */
export function TitledCards({ items, numbered = false }: { items: readonly { title: string; description: string }[]; numbered?: boolean }) {
  const List = numbered ? 'ol' : 'ul';
  return (
    <List className="rs:grid rs:gap-6 rs:md:grid-cols-2 rs:lg:grid-cols-3">
      {items.map((item, i) => (
        <li key={item.title}>
          <Card className="rs:h-full">
            {numbered && (
              <span aria-hidden="true" className="rs:text-sm rs:font-semibold rs:text-primary">
                {String(i + 1).padStart(2, '0')}
              </span>
            )}
            <CardTitle className={numbered ? 'rs:mt-2' : undefined}>{item.title}</CardTitle>
            <CardText>{item.description}</CardText>
          </Card>
        </li>
      ))}
    </List>
  );
}
