/**
 * Draws the default social image (public/og/default.png, 1200x630, spec section 2) by screenshotting an
 * HTML card in Debian's Chromium. Run once after a brand change and commit the PNG:
 *   npx tsx shell/scripts/generate-og-image.ts
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { siteConfig } from '@cardlift/api/contracts';

const publicDir = path.resolve(__dirname, '..', 'public');
const { width, height } = siteConfig.defaultImage;
const logo = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

const html = `<!doctype html><html><head><style>
  html, body { margin: 0; }
  body { width: ${width}px; height: ${height}px; box-sizing: border-box; padding: 88px 96px; display: flex; flex-direction: column;
    justify-content: space-between; background: #5a012b; color: #fff; font-family: Inter, "DejaVu Sans", sans-serif; }
  .brand { display: flex; align-items: center; gap: 24px; font-size: 44px; font-weight: 700; letter-spacing: -1px; }
  .brand svg { width: 72px; height: 72px; }
  h1 { margin: 0; max-width: 900px; font-size: 72px; line-height: 1.08; letter-spacing: -2px; }
  .foot { display: flex; justify-content: space-between; font-size: 28px; color: #f3dbe5; }
</style></head><body>
  <div class="brand">${logo}<span>${siteConfig.brandName}</span></div>
  <h1>${siteConfig.tagline}</h1>
  <div class="foot"><span>Reach 200+ million cardholders</span><span>${new URL(siteConfig.siteUrl).host}</span></div>
</body></html>`;

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
    await page.setContent(html);
    const out = path.join(publicDir, 'og', 'default.png');
    mkdirSync(path.dirname(out), { recursive: true });
    await page.screenshot({ path: out, type: 'png' });
    console.log(`wrote ${path.relative(process.cwd(), out)} (${width}x${height})`);
  } finally {
    await browser.close();
  }
}

void main();
