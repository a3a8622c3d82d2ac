/**
 * Draws the site's raster images by screenshotting HTML in Debian's Chromium. Run once after a brand
 * change and commit the PNGs:
 *   npx tsx shell/scripts/generate-raster-images.ts
 * - public/og/default.png: the default social image (1200x630, spec section 2).
 * - public/logo.png: the logo structured data names (Organization, publisher, hiring organization).
 *   Search engines take only raster images there, and /logo.svg is a vector drawing.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { siteConfig } from '@cardlift/api/contracts';

const publicDir = path.resolve(__dirname, '..', 'public');
const mark = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

const page = (size: { width: number; height: number }, style: string, body: string) => `<!doctype html><html><head><style>
  html, body { margin: 0; }
  body { width: ${size.width}px; height: ${size.height}px; box-sizing: border-box; font-family: Inter, "DejaVu Sans", sans-serif; }
  ${style}
</style></head><body>${body}</body></html>`;

const socialImage = page(
  siteConfig.defaultImage,
  `body { padding: 88px 96px; display: flex; flex-direction: column; justify-content: space-between; background: #5a012b; color: #fff; }
  .brand { display: flex; align-items: center; gap: 24px; font-size: 44px; font-weight: 700; letter-spacing: -1px; }
  .brand svg { width: 72px; height: 72px; }
  h1 { margin: 0; max-width: 900px; font-size: 72px; line-height: 1.08; letter-spacing: -2px; }
  .foot { display: flex; justify-content: space-between; font-size: 28px; color: #f3dbe5; }`,
  `<div class="brand">${mark}<span>${siteConfig.brandName}</span></div>
  <h1>${siteConfig.tagline}</h1>
  <div class="foot"><span>Reach 200+ million cardholders</span><span>${new URL(siteConfig.siteUrl).host}</span></div>`,
);

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
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    await draw(browser, socialImage, siteConfig.defaultImage, siteConfig.defaultImage.path);
    await draw(browser, logo, siteConfig.logo, siteConfig.logo.path);
  } finally {
    await browser.close();
  }
}

void main();
