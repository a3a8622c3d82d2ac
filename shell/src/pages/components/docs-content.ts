/**
 * Copy and samples of the /components page, as data. Class names are written out in full so Tailwind
 * generates them; the values are the brand tokens of shell/src/ui/theme.css.
 */
export const docsIntro =
  'The building blocks every page of the site is made of. Each sample below is the real component from @cardlift/shell/ui, the package the section teams import.';

export const colourTokens = [
  { name: 'primary', value: '#5A012B', swatch: 'bg-primary', usage: 'Brand accents, links, focus rings' },
  { name: 'primary-hover', value: '#4A0023', swatch: 'bg-primary-hover', usage: 'Hover state of brand surfaces' },
  { name: 'page', value: '#FBFAF8', swatch: 'bg-page', usage: 'Page background' },
  { name: 'ink', value: '#111111', swatch: 'bg-ink', usage: 'Body text and headings' },
  { name: 'muted', value: '#57534E', swatch: 'bg-muted', usage: 'Secondary text (7:1 on page)' },
  { name: 'line', value: '#E7E5E4', swatch: 'bg-line', usage: 'Borders and dividers' },
  { name: 'black', value: '#000000', swatch: 'bg-black', usage: 'Buttons (3px radius), header when inverted, footer' },
] as const;

export const typeScale = [
  { label: 'Display (h1)', className: 'text-4xl font-semibold tracking-tight md:text-6xl', sample: 'Drive incrementality' },
  { label: 'Section (h2)', className: 'text-3xl font-semibold tracking-tight md:text-4xl', sample: 'See the results' },
  { label: 'Card title (h3)', className: 'text-lg font-semibold', sample: 'Offers Network' },
  { label: 'Lead', className: 'text-lg leading-8 text-muted', sample: 'Reach 200+ million cardholders through financial partners.' },
  { label: 'Body', className: 'text-base leading-7', sample: 'Card-linked offers reward customers when they pay with a linked card.' },
  { label: 'Small', className: 'text-sm text-muted', sample: 'Updated daily. No code changes needed at the register.' },
  { label: 'Eyebrow', className: 'text-sm font-semibold tracking-wide text-primary uppercase', sample: 'Case study' },
] as const;

export const spacingScale = [
  { token: '1', px: 4, bar: 'w-1' },
  { token: '2', px: 8, bar: 'w-2' },
  { token: '3', px: 12, bar: 'w-3' },
  { token: '4', px: 16, bar: 'w-4' },
  { token: '6', px: 24, bar: 'w-6' },
  { token: '8', px: 32, bar: 'w-8' },
  { token: '12', px: 48, bar: 'w-12' },
  { token: '16', px: 64, bar: 'w-16' },
  { token: '24', px: 96, bar: 'w-24' },
  { token: '32', px: 128, bar: 'w-32' },
] as const;

export const layoutMeasures = [
  { name: 'Announcement bar', value: '36px' },
  { name: 'Header', value: '66px' },
  { name: 'Header inverts within', value: '200px of the contact form or footer' },
  { name: 'Footer', value: 'min-height 600px, padding-top 128px' },
  { name: 'Content column', value: 'max-width 72rem, side padding 24px / 32px' },
] as const;

export const badgeSamples = [
  { label: 'Published', tone: 'success' },
  { label: 'Draft', tone: 'neutral' },
  { label: 'Featured', tone: 'brand' },
  { label: 'Active', tone: 'dark' },
  { label: 'In progress', tone: 'warning' },
] as const;

export const sampleMetric = { value: '$155B', label: 'Total spend', description: 'Across linked cards each year' };

export const sampleFaq = [
  {
    question: 'What is a card-linked offer?',
    answer: 'A reward a cardholder activates once and earns automatically when paying with that card.',
  },
  {
    question: 'How is performance measured?',
    answer: 'Every redemption is a real transaction, so return on ad spend is measured, not modelled.',
  },
] as const;
