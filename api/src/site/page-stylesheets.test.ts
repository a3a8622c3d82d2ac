import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inlineStyleSources, pageStylesheet } from './page-stylesheets';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-sheets-'));
const write = (name: string, css: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, css);
  return file;
};

describe('page stylesheets', () => {
  it('inlines a small sheet with the SHA-256 the CSP names it by', () => {
    const css = 'body{color:red}@font-face{src:url(/assets/inter.woff2)}';
    const sheet = pageStylesheet('/assets/main.css', write('small.css', css));
    const digest = crypto.createHash('sha256').update(css).digest('base64');
    expect(sheet).toEqual({ href: '/assets/main.css', inline: { css, cspSource: `'sha256-${digest}'` } });
    expect(inlineStyleSources([sheet, { href: '/x.css' }])).toEqual([`'sha256-${digest}'`]);
  });

  it('links a sheet whose relative url() would resolve against the page, one that could close the tag, and a missing one', () => {
    expect(pageStylesheet('/r/a.css', write('relative.css', '.a{background:url(img/a.png)}')).inline).toBeUndefined();
    expect(pageStylesheet('/r/b.css', write('quoted.css', '.a{background:url("../a.png")}')).inline).toBeUndefined();
    expect(pageStylesheet('/r/c.css', write('closing.css', '.a::after{content:"</style>"}')).inline).toBeUndefined();
    expect(pageStylesheet('/r/d.css', path.join(dir, 'missing.css'))).toEqual({ href: '/r/d.css' });
  });

  it('inlines a sheet whose url()s are absolute or data', () => {
    expect(
      pageStylesheet(
        '/r/e.css',
        write('absolute.css', '.a{background:url(https://cdn.example/a.png)}.b{background:url(data:image/png;base64,AA==)}'),
      ).inline,
    ).toBeDefined();
  });
});
