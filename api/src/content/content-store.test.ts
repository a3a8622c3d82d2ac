import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../app-config';
import { loadContent } from './content-store';

const realDir = loadConfig({}).contentDir;

/** A copy of the real content directory that a test may break. */
function copyContent(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-content-'));
  fs.cpSync(realDir, dir, { recursive: true });
  return dir;
}

const edit = (file: string, change: (json: Record<string, unknown>) => void) => {
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  change(json);
  fs.writeFileSync(file, JSON.stringify(json));
};

describe('content store', () => {
  it('loads the shipped content', () => {
    const content = loadContent(realDir);
    expect(content.caseStudies.length).toBeGreaterThanOrEqual(6);
    expect(content.caseStudy('sling-tv-case-study')?.client).toBe('Sling TV');
    expect(content.blogPosts.every((p) => !('content' in p))).toBe(true);
    expect(content.blogPost('offers-api-announcement')?.content.introduction).toBeTruthy();
  });

  it('decides which job postings are open against its clock, whenever asked', () => {
    let now = new Date('2026-11-22T12:00:00Z');
    const content = loadContent(realDir, () => now);
    const open = content.openJobs();
    expect(open.map((j) => j.slug)).toEqual(content.jobs.map((j) => j.slug));
    // The same day gives the same objects, which the content router serialises once.
    expect(content.openJobs()).toBe(open);
    now = new Date('2099-01-01T00:00:00Z');
    expect(content.openJobs()).toEqual([]);
    expect(content.job(open[0]!.slug)).toMatchObject({ slug: open[0]!.slug, open: false });
  });

  it('names the file and the field of a broken item', () => {
    const dir = copyContent();
    const file = path.join(dir, 'case-studies', 'sling-tv-case-study.json');
    edit(file, (json) => {
      json.metrics = [{ value: '1', description: 'no name' }];
    });
    expect(() => loadContent(dir)).toThrow(`${file}: field "metrics.0": a metric needs a metric or a label`);
  });

  it('refuses invalid JSON and a file named after another id', () => {
    const dir = copyContent();
    fs.writeFileSync(path.join(dir, 'jobs', 'broken.json'), '{ nope');
    expect(() => loadContent(dir)).toThrow(/broken\.json: not valid JSON/);
    fs.rmSync(path.join(dir, 'jobs', 'broken.json'));
    fs.copyFileSync(path.join(dir, 'blog', 'merchants-announcement.json'), path.join(dir, 'blog', 'copy.json'));
    expect(() => loadContent(dir)).toThrow(/copy\.json: file name must be the item's id/);
  });

  it('refuses a banner pointing at a missing post and a missing image', () => {
    const dir = copyContent();
    edit(path.join(dir, 'banners.json'), (json) => {
      (json.secondary as Record<string, unknown>).blogPostId = 'gone';
    });
    expect(() => loadContent(dir)).toThrow(/field "secondary.blogPostId": no blog post "gone"/);
    edit(path.join(dir, 'banners.json'), (json) => {
      (json.secondary as Record<string, unknown>).blogPostId = 'default';
    });
    expect(() => loadContent(dir)).not.toThrow();
    fs.rmSync(path.join(dir, 'images', 'logos', 'sling-tv.svg'));
    expect(() => loadContent(dir)).toThrow(/sling-tv-case-study\.json: field "clientLogo": image/);
  });
});
