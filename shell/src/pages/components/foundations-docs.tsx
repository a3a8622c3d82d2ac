import { cn } from '@cardlift/shell/ui';
import { DocSection } from './doc-section';
import { colourTokens, layoutMeasures, spacingScale, typeScale } from './docs-content';

export function TypographyDocs() {
  return (
    <DocSection
      id="typography"
      title="Typography"
      description="Inter Variable, self-hosted (one Latin file, every weight from 100 to 900), over a fallback sized to match it. Headings are semibold with tight tracking; body text keeps a 1.75 line height."
    >
      <dl className="grid gap-8">
        {typeScale.map((style) => (
          <div key={style.label} className="grid gap-2 md:grid-cols-[12rem_1fr] md:items-baseline">
            <dt className="font-mono text-xs text-muted">{style.label}</dt>
            <dd className={style.className}>{style.sample}</dd>
          </div>
        ))}
      </dl>
    </DocSection>
  );
}

export function ColourDocs() {
  return (
    <DocSection
      id="colours"
      title="Colours"
      description="Brand tokens, available as Tailwind utilities (bg-primary, text-ink, border-line...; with the section prefix in remotes)."
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {colourTokens.map((token) => (
          <li key={token.name} className="overflow-hidden rounded-lg border border-line bg-white">
            <div aria-hidden="true" className={cn('h-20 border-b border-line', token.swatch)} />
            <div className="p-4">
              <p className="font-semibold">{token.name}</p>
              <p className="font-mono text-sm">{token.value}</p>
              <p className="mt-1 text-sm text-muted">{token.usage}</p>
            </div>
          </li>
        ))}
      </ul>
    </DocSection>
  );
}

export function SpacingDocs() {
  return (
    <DocSection id="spacing" title="Spacing" description="Tailwind's 4px scale. Sections use py-16 to py-24; cards p-6; grids gap-6.">
      <ul className="grid gap-3">
        {spacingScale.map((step) => (
          <li key={step.token} className="grid grid-cols-[4rem_5rem_1fr] items-center gap-4 text-sm">
            <span className="font-mono">{step.token}</span>
            <span className="text-muted">{step.px}px</span>
            <span aria-hidden="true" className={cn('h-4 rounded-sm bg-primary', step.bar)} />
          </li>
        ))}
      </ul>
      <h3 className="mt-12 text-lg font-semibold">Layout measures</h3>
      <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
        {layoutMeasures.map((measure) => (
          <div key={measure.name} className="flex justify-between gap-4 rounded-md border border-line bg-white px-4 py-3">
            <dt className="font-medium">{measure.name}</dt>
            <dd className="text-muted">{measure.value}</dd>
          </div>
        ))}
      </dl>
    </DocSection>
  );
}
