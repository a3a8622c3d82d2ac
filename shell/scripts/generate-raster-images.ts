/**
 * Draws the site's raster logo by screenshotting HTML in Debian's Chromium. Run once after a brand
 * change and commit the PNG:
 *   npx tsx shell/scripts/generate-raster-images.ts
 * - public/logo.png: the logo structured data names (Organization, publisher, hiring organization).
 *   Search engines take only raster images there, and /logo.svg is a vector drawing.
 * Social images are drawn by the api on request (/og/..., see api/src/site/share-images.ts).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { siteConfig } from '@cardlift/contracts';

const publicDir = path.resolve(__dirname, '..', 'public');
const mark = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

const page = (size: { width: number; height: number }, style: string, body: string) => `<!doctype html><html><head><style>
  html, body { margin: 0; }
  body { width: ${size.width}px; height: ${size.height}px; box-sizing: border-box; font-family: Inter, "DejaVu Sans", sans-serif; }
  ${style}
</style></head><body>${body}</body></html>`;

// The square mark on white: logos in search results are shown on a white background.
const logo = page(siteConfig.logo, `body { display: grid; place-items: center; background: #fff; } svg { width: 80%; height: 80%; }`, mark);

async function draw(browser: Browser, html: string, size: { width: number; height: number }, file: string): Promise<void> {
  const tab = await browser.newPage({ viewport: size, deviceScaleFactor: 1 });
  await tab.setContent(html);
  const out = path.join(publicDir, file);
  mkdirSync(path.dirname(out), { recursive: true });
  await tab.screenshot({ path: out, type: 'png' });
  console.log(`wrote ${path.relative(process.cwd(), out)} (${size.width}x${size.height})`);
}

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    await draw(browser, logo, siteConfig.logo, siteConfig.logo.path);
  } finally {
    await browser.close();
  }
}

void main();
