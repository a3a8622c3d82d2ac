import { coverageFeatures } from '../content/coverage';
import { FeatureGrid } from './feature-grid';
import { Section } from './section';

/** The three coverage features shared by the solution pages and the transactional-data page. */
export function CoverageSection({ title = 'Coverage that goes where your customers go' }: { title?: string }) {
  return (
    <Section title={title}>
      <FeatureGrid features={coverageFeatures} />
    </Section>
  );
}
