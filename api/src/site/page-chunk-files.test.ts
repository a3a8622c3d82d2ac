import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAGE_CHUNKS_FILE } from '@cardlift/contracts';
import { pageChunkFiles } from './page-chunk-files';

function buildWith(table: unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-page-chunks-'));
  if (table !== undefined) fs.writeFileSync(path.join(dir, PAGE_CHUNKS_FILE), typeof table === 'string' ? table : JSON.stringify(table));
  return dir;
}

describe('pageChunkFiles', () => {
  it("names the served page's chunk files from the build's table", () => {
    const dir = buildWith({ home: ['assets/page-home.0123456789.js', 'assets/12.abcdef0123.js'], about: ['assets/page-about.1.js'] });
    expect(pageChunkFiles(dir, 'home')).toEqual(['assets/page-home.0123456789.js', 'assets/12.abcdef0123.js']);
    expect(pageChunkFiles(dir, 'missing')).toEqual([]);
    expect(pageChunkFiles(dir, 'constructor')).toEqual([]);
    expect(pageChunkFiles(dir, undefined)).toEqual([]);
  });

  it('preloads nothing from a build without a table, or with one naming files outside its assets', () => {
    expect(pageChunkFiles(buildWith(undefined), 'home')).toEqual([]);
    expect(pageChunkFiles(buildWith('{not json'), 'home')).toEqual([]);
    expect(pageChunkFiles(buildWith({ home: ['https://evil.example/x.js'] }), 'home')).toEqual([]);
    expect(pageChunkFiles(buildWith({ home: ['assets/../../secret.js'] }), 'home')).toEqual([]);
  });
});
