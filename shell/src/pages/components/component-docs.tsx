import { ArrowRight, Bell } from 'lucide-react';
import {
  Badge,
  Button,
  Card,
  CardSkeleton,
  CardText,
  CardTitle,
  FaqAccordion,
  MetricTile,
  TalkToSalesButton,
  toast,
  Tooltip,
} from '@cardlift/shell/ui';
import { DocSection, Specimen } from './doc-section';
import { badgeSamples, sampleFaq, sampleMetric } from './docs-content';

const variants = ['primary', 'brand', 'outline', 'inverted', 'ghost', 'link'] as const;
const sizes = ['sm', 'md', 'lg'] as const;

export function ButtonDocs() {
  return (
    <DocSection
      id="buttons"
      title="Buttons"
      description="Black with a 3px radius by default. Every variant shows a visible focus ring; disabled buttons keep their label."
    >
      <div className="grid gap-8">
        <Specimen name="variant">
          {variants.map((variant) => (
            <div key={variant} className={variant === 'inverted' ? 'rounded-md bg-black p-2' : undefined}>
              <Button variant={variant}>{variant}</Button>
            </div>
          ))}
        </Specimen>
        <Specimen name="size">
          {sizes.map((size) => (
            <Button key={size} size={size}>
              Size {size}
            </Button>
          ))}
        </Specimen>
        <Specimen name="states and composition">
          <Button disabled>Submitting...</Button>
          <Button variant="brand">
            Learn More <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
          <TalkToSalesButton />
          <Tooltip content="Shows a sample notification">
            <Button
              variant="outline"
              onClick={() => toast({ title: 'Notification', description: 'Press F8 to move focus to notifications.' })}
            >
              <Bell aria-hidden="true" className="size-4" /> Show a notification
            </Button>
          </Tooltip>
        </Specimen>
      </div>
    </DocSection>
  );
}

export function CardDocs() {
  return (
    <DocSection
      id="cards"
      title="Cards"
      description="White surfaces with a hairline border. Skeletons hold a card's place while its data loads."
    >
      <div className="grid gap-6 md:grid-cols-3">
        <Card>
          <CardTitle>Offers Network</CardTitle>
          <CardText>Reach over 200M additional customers through our financial partners.</CardText>
        </Card>
        <MetricTile metric={sampleMetric} countUp={false} />
        <CardSkeleton />
      </div>
      <FaqAccordion items={sampleFaq} className="mt-10" />
    </DocSection>
  );
}

export function BadgeDocs() {
  return (
    <DocSection id="badges" title="Badges" description="Short statuses. Published, Draft and Featured appear only as samples here.">
      <Specimen name="Badge tone">
        {badgeSamples.map((sample) => (
          <Badge key={sample.label} tone={sample.tone}>
            {sample.label}
          </Badge>
        ))}
      </Specimen>
    </DocSection>
  );
}
