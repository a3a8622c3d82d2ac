/**
 * Draws a share card (a 1200x630 PNG) with satori (layout to SVG) and resvg (SVG to PNG), in the
 * brand's colours and its typeface, Inter (static Latin files of @fontsource/inter: satori reads
 * TTF, OTF and WOFF, not the WOFF2 variable font the pages use).
 */
import fs from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { SHARE_IMAGE_SIZE, siteConfig, type ShareCard } from '@cardlift/contracts';

const PRIMARY = '#5a012b';
const SOFT = '#f3dbe5';
const TITLE_MAX_CHARS = 110;

type Weight = 400 | 600 | 700;
let fonts: { name: string; data: Buffer; weight: Weight; style: 'normal' }[] | undefined;

function loadFonts() {
  const file = (weight: Weight) => require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);
  return (fonts ??= ([400, 600, 700] as const).map((weight) => ({
    name: 'Inter',
    data: fs.readFileSync(file(weight)),
    weight,
    style: 'normal' as const,
  })));
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

export async function drawShareCard(card: ShareCard): Promise<Buffer> {
  const { width, height } = SHARE_IMAGE_SIZE;
  // satori's element type is React's; the tree is the same plain shape.
  const svg = await satori(shareCardTree(card) as unknown as Parameters<typeof satori>[0], { width, height, fonts: loadFonts() });
  return new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng();
}
