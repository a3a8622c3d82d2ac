/**
 * Content is written by people and may hold anything: `</script>`, `<!--`, quotes, ampersands,
 * right-to-left marks. The HTML the api sends must carry it as text, never as markup: the head tags
 * decode back to the very words, the JSON data blocks parse back to the very content, and no element
 * is opened or closed by it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { writeRemoteBuild, writeShellServerBuild } from '../../test/fixture-builds';
import { testApp } from '../../test/test-app';
import { REPO_ROOT } from '../platform/config';

const HOSTILE = `Q3 </script><script>alert("x")</script> <!-- & 'quoted' "twice" \u202Egnp.exe\u202C </title><b>`;
const ID = 'sling-tv-case-study';

function hostileSite() {
  const siteRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-hostile-'));
  const shellDist = path.join(siteRoot, 'shell', 'dist');
  fs.mkdirSync(shellDist, { recursive: true });
  fs.writeFileSync(
    path.join(shellDist, 'index.html'),
    '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>',
  );
  writeShellServerBuild(siteRoot);
  writeRemoteBuild(siteRoot, 'mf-resources');
  const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-hostile-content-'));
  fs.cpSync(path.join(REPO_ROOT, 'api', 'content'), contentDir, { recursive: true });
  const file = path.join(contentDir, 'case-studies', `${ID}.json`);
  const study = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  fs.writeFileSync(file, JSON.stringify({ ...study, title: HOSTILE, description: HOSTILE, excerpt: HOSTILE, overview: HOSTILE }));
  return testApp({ siteRoot, contentDir });
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('hostile content in the HTML', () => {
  const app = hostileSite();
  afterAll(() => app.close());

  it('is carried as text in the head and the data blocks, never as markup', async () => {
    const res = await request(app.koa.callback()).get(`/case-studies/${ID}`).expect(200);
    const html = res.text;
    // No element opened or closed by the content.
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<\/title>/g)).toHaveLength(1);
    expect(html).not.toContain('<!-- &');
    // The head tags say the very words.
    expect(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')).toBe(`${HOSTILE} | Cardlift`);
    expect(decode(/<meta name="description" content="([^"]*)">/.exec(html)?.[1] ?? '')).toBe(HOSTILE);
    expect(decode(/<meta property="og:title" content="([^"]*)">/.exec(html)?.[1] ?? '')).toBe(`${HOSTILE} | Cardlift`);
    // Every JSON block parses, and the case study comes back whole.
    const blocks = [...html.matchAll(/<script type="application\/(?:ld\+)?json"[^>]*>(.*?)<\/script>/gs)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThan(1);
    const parsed = blocks.map((b) => JSON.parse(b) as unknown);
    expect(JSON.stringify(parsed)).toContain(JSON.stringify(HOSTILE).slice(1, -1));
    const jsonLd = parsed.find((p) => (p as { '@type'?: string })['@type'] === 'Article') as { headline?: string } | undefined;
    expect(jsonLd?.headline).toBe(HOSTILE);
  });
});
