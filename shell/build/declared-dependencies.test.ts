/**
 * Every runtime dependency the shell declares is used by it: an unused one still costs every install,
 * audit and upgrade, and tells the next reader the site uses something it does not.
 */
import fs from 'node:fs';
import path from 'node:path';

const SHELL = path.resolve(__dirname, '..');
const SOURCE_DIRS = ['src', 'build', 'scripts', 'test'];

/** Declared though the shell's own files do not import them, and why. */
const NOT_IMPORTED_ON_PURPOSE: Record<string, string> = {};

function files(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.(tsx?|css|mjs|cjs)$/.test(entry.name) ? [full] : [];
  });
}

describe('shell dependencies', () => {
  it('are each imported by the shell (or listed with the reason they are not)', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(SHELL, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const sources = [...SOURCE_DIRS.flatMap((d) => files(path.join(SHELL, d))), ...files(SHELL).filter((f) => path.dirname(f) === SHELL)]
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    const imported = (name: string) =>
      new RegExp(`(from |import\\(|require\\(|@import |url\\()['"]${name.replace(/[/.]/g, '\\$&')}(/[^'"]*)?['"]`).test(sources);
    const unused = Object.keys(pkg.dependencies).filter((name) => !imported(name) && !(name in NOT_IMPORTED_ON_PURPOSE));
    expect(unused).toEqual([]);
  });
});
