/**
 * Draws a share card (a 1200x630 PNG) with satori (layout to SVG) and resvg (SVG to PNG), in the
 * brand's colours and its typeface, Inter (its static Latin, Greek, Cyrillic and Vietnamese files:
 * satori reads TTF, OTF and WOFF, not the WOFF2 variable font the pages use), with Noto Sans for
 * Hebrew and Arabic titles. What no font draws is left out (share-card-scripts.ts), never boxed.
 */
import fs from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { drawableOnShareCard, SHARE_IMAGE_SIZE, SITE_CARD, siteConfig, type ShareCard } from '@cardlift/contracts';

const PRIMARY = '#5a012b';
const SOFT = '#f3dbe5';
const TITLE_MAX_CHARS = 110;

type Weight = 400 | 600 | 700;
type Font = { name: string; data: Buffer; weight: Weight; style: 'normal' };
let fonts: Font[] | undefined;

/** Inter first (the brand's face, and the one satori falls back from), then the other scripts' files. */
const FONT_FILES = [
  ...['latin', 'latin-ext', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext', 'vietnamese'].map((subset) => ({
    name: 'Inter',
    file: (weight: Weight) => `@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`,
  })),
  {
    name: 'Noto Sans Hebrew',
    file: (weight: Weight) => `@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-${weight}-normal.woff`,
  },
  {
    name: 'Noto Sans Arabic',
    file: (weight: Weight) => `@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${weight}-normal.woff`,
  },
];

function loadFonts(): Font[] {
  return (fonts ??= FONT_FILES.flatMap(({ name, file }) =>
    ([400, 600, 700] as const).map((weight) => ({
      name,
      data: fs.readFileSync(require.resolve(file(weight))),
      weight,
      style: 'normal' as const,
    })),
  ));
}

/** The brand mark (shell/public/favicon.svg) with its colours turned around, to sit on the brand colour. */
const MARK = `data:image/svg+xml;base64,${Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#fff"/><rect x="5" y="8" width="22" height="16" rx="3" fill="${PRIMARY}"/><rect x="5" y="11.5" width="22" height="3" fill="#fff"/><path d="M18.5 17.5l4 4h-4z" fill="#fff"/></svg>`,
).toString('base64')}`;

interface Node {
  type: string;
  props: { style?: Record<string, unknown>; children?: (Node | string)[] | Node | string; src?: string; width?: number; height?: number };
}
const box = (style: Record<string, unknown>, ...children: (Node | string)[]): Node => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

/** Long titles get smaller type, and past three lines' worth an ellipsis. */
function titleStyle(title: string): { text: string; fontSize: number } {
  const text = title.length > TITLE_MAX_CHARS ? `${title.slice(0, TITLE_MAX_CHARS - 1).replace(/\s+\S*$/, '')}…` : title;
  return { text, fontSize: text.length <= 36 ? 80 : text.length <= 70 ? 64 : 52 };
}

export function shareCardTree(card: ShareCard): Node {
  const title = titleStyle(card.title);
  return box(
    {
      width: '100%',
      height: '100%',
      boxSizing: 'border-box',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '72px 88px',
      backgroundColor: PRIMARY,
      color: '#ffffff',
      fontFamily: 'Inter',
    },
    box(
      { alignItems: 'center', gap: 20, fontSize: 40, fontWeight: 700, letterSpacing: -1 },
      { type: 'img', props: { src: MARK, width: 64, height: 64 } },
      siteConfig.brandName,
    ),
    box(
      { flexDirection: 'column', gap: 24 },
      box({ fontSize: 30, fontWeight: 600, color: SOFT, textTransform: 'uppercase', letterSpacing: 3 }, card.section),
      box({ fontSize: title.fontSize, fontWeight: 700, lineHeight: 1.08, letterSpacing: -1.5, maxWidth: 1000 }, title.text),
    ),
    box({ fontSize: 26, fontWeight: 400, color: SOFT }, new URL(siteConfig.siteUrl).host),
  );
}

/** The card as drawn: its texts without what the fonts lack, and a title of nothing drawable replaced by the site's. */
function drawable(card: ShareCard, alsoLeaveOut: readonly string[] = []): ShareCard {
  const title = drawableOnShareCard(card.title, alsoLeaveOut);
  return { ...card, title: title || SITE_CARD.title, section: drawableOnShareCard(card.section, alsoLeaveOut) };
}

const render = (card: ShareCard, missing: string[]) =>
  satori(shareCardTree(card) as unknown as Parameters<typeof satori>[0], {
    ...SHARE_IMAGE_SIZE,
    fonts: loadFonts(),
    // satori asks for what no loaded font draws; drawn without it, the text would show boxes.
    loadAdditionalAsset: (_code: string, segment: string) => {
      missing.push(...segment);
      return Promise.resolve([]);
    },
  });

/** The card's SVG (satori's element type is React's; the tree is the same plain shape). */
export async function shareCardSvg(card: ShareCard): Promise<string> {
  const missing: string[] = [];
  const first = drawable(card);
  const svg = await render(first, missing);
  // A symbol the scripts' list lets through that the fonts lack after all: drawn again without it.
  return missing.length ? render(drawable(first, missing), []) : svg;
}

export async function drawShareCard(card: ShareCard): Promise<Buffer> {
  return new Resvg(await shareCardSvg(card), { fitTo: { mode: 'width', value: SHARE_IMAGE_SIZE.width } }).render().asPng();
}
