// `npm run fonts:fallback`: prints the @font-face rules of 'Inter Fallback' (shell/src/fallback-font.css),
// a local Arial-metric face scaled so that text set in it takes the room Inter will take, weight by weight.
//
// Widths: each character's advance, as Chromium lays it out, weighted by how often the character occurs
// in the site's own copy (the remotes' content files), for Inter's variable file at each weight the site
// uses and for the local face the browser would draw that weight with (regular up to 500, bold from 600:
// the bold glyphs are a different width, and a synthesised bold is no wider than the regular).
// size-adjust = Inter's average / the local face's; ascent, descent and line gap are Inter's (hhea, read
// from the woff2 itself) divided by size-adjust, since the browser scales the overrides by it too.
// Liberation Sans has Arial's advances by design, so what is measured here holds for Arial.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, ROOT } from './lib.mjs';

const INTER = path.join(ROOT, 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
/**
 * The weights the site sets text in (body text, Tailwind's font-medium and font-semibold). A heavier
 * weight would fall on the 600 face, drawn with the bold glyphs still, only a few percent narrower.
 */
const WEIGHTS = [400, 500, 600];
const LOCAL_NAMES = {
  regular: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans', 'Arimo', 'Arimo-Regular', 'Helvetica'],
  bold: [
    'Arial Bold',
    'Arial-BoldMT',
    'Liberation Sans Bold',
    'LiberationSans-Bold',
    'Arimo Bold',
    'Arimo-Bold',
    'Helvetica Bold',
    'Helvetica-Bold',
  ],
};
const MEASURED_WITH = { regular: 'Liberation Sans', bold: 'Liberation Sans Bold' };

/** The decompressed tables of a WOFF2 file (only the untransformed ones are usable as they are). */
function woff2Tables(file) {
  const KNOWN = ['cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2', 'post'];
  const buf = fs.readFileSync(file);
  const numTables = buf.readUInt16BE(12);
  let at = 48;
  const base128 = () => {
    let value = 0;
    for (;;) {
      const byte = buf[at++];
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
  };
  const entries = [];
  for (let i = 0; i < numTables; i++) {
    const flags = buf[at++];
    let tag = KNOWN[flags & 0x3f] ?? `#${flags & 0x3f}`;
    if ((flags & 0x3f) === 0x3f) {
      tag = buf.toString('latin1', at, at + 4);
      at += 4;
    }
    const origLength = base128();
    const version = flags >> 6;
    const glyfOrLoca = (flags & 0x3f) === 10 || (flags & 0x3f) === 11;
    const transformed = glyfOrLoca ? version === 0 : version !== 0;
    entries.push({ tag, length: transformed ? base128() : origLength });
  }
  const data = zlib.brotliDecompressSync(buf.subarray(at, at + buf.readUInt32BE(20)));
  const tables = {};
  let offset = 0;
  for (const { tag, length } of entries) {
    tables[tag] = data.subarray(offset, offset + length);
    offset += length;
  }
  return tables;
}

function interVerticalMetrics() {
  const { head, hhea } = woff2Tables(INTER);
  return { unitsPerEm: head.readUInt16BE(18), ascent: hhea.readInt16BE(4), descent: hhea.readInt16BE(6), lineGap: hhea.readInt16BE(8) };
}

/** How often each character occurs in the copy of the site's pages. */
function characterCounts() {
  const counts = {};
  const dirs = fs.readdirSync(ROOT).filter((d) => d.startsWith('mf-'));
  for (const dir of dirs) {
    const contentDir = path.join(ROOT, dir, 'src/content');
    if (!fs.existsSync(contentDir)) continue;
    for (const file of fs.readdirSync(contentDir, { recursive: true })) {
      if (!String(file).endsWith('.ts') || String(file).endsWith('.test.ts')) continue;
      const source = fs.readFileSync(path.join(contentDir, String(file)), 'utf8');
      // Strings with a space in them are the copy; identifiers, paths and keys have none.
      for (const [, text] of source.matchAll(/'((?:[^'\\\n]|\\.)*)'/g)) {
        if (!text.includes(' ')) continue;
        for (const ch of text.replace(/\\(.)/g, '$1')) if (ch >= ' ' && ch <= '~') counts[ch] = (counts[ch] ?? 0) + 1;
      }
    }
  }
  return counts;
}

/** Average advance (in em) of the copy's characters, per family and weight, measured by Chromium. */
async function averageAdvances(counts, faces) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    return await page.evaluate(
      async ({ interBase64, counts, faces }) => {
        const bytes = Uint8Array.from(atob(interBase64), (c) => c.charCodeAt(0));
        const inter = new FontFace('Measured Inter', bytes.buffer, { weight: '100 900' });
        document.fonts.add(await inter.load());
        for (const face of faces)
          document.fonts.add(await new FontFace(face.family, `local('${face.local}')`, { weight: String(face.weight) }).load());
        const ctx = document.createElement('canvas').getContext('2d');
        const size = 1000;
        const average = (family, weight) => {
          ctx.font = `${weight} ${size}px '${family}'`;
          let sum = 0;
          let total = 0;
          for (const [ch, n] of Object.entries(counts)) {
            sum += ctx.measureText(ch).width * n;
            total += n;
          }
          return sum / total / size;
        };
        return faces.map((face) => ({ ...face, inter: average('Measured Inter', face.weight), local: average(face.family, face.weight) }));
      },
      { interBase64: fs.readFileSync(INTER).toString('base64'), counts, faces },
    );
  } finally {
    await browser.close();
  }
}

const percent = (n, digits) => `${(n * 100).toFixed(digits)}%`;
// Chromium rounds a face's ascent and descent to whole pixels, and Inter's often fall on a half pixel
// (its ascent at 16 px is 15.5): an override a hair under the exact value could round the other way and
// draw the text a pixel off. So the overrides are rounded up, at a precision far below a pixel.
const roundedUp = (n) => Math.ceil(n * 1e6) / 1e6;
const counts = characterCounts();
const faces = WEIGHTS.map((weight) => {
  const cut = weight >= 600 ? 'bold' : 'regular';
  return { weight, cut, family: `Measured ${cut} ${weight}`, local: MEASURED_WITH[cut] };
});
const { unitsPerEm, ascent, descent, lineGap } = interVerticalMetrics();
for (const face of await averageAdvances(counts, faces)) {
  // The overrides are divided by the size-adjust as written, not as measured: that is what the browser multiplies.
  const sizeAdjust = Number((face.inter / face.local).toFixed(4));
  const scaled = (units) => percent(roundedUp(Math.abs(units) / unitsPerEm / sizeAdjust), 4);
  console.log(`@font-face {
  font-family: 'Inter Fallback';
  font-weight: ${face.weight};
  src: ${LOCAL_NAMES[face.cut].map((name) => `local('${name}')`).join(', ')};
  size-adjust: ${percent(sizeAdjust, 2)};
  ascent-override: ${scaled(ascent)};
  descent-override: ${scaled(descent)};
  line-gap-override: ${scaled(lineGap)};
}`);
}
