/**
 * Every page imports routing from `@cardlift/shell/router`, never React Router itself: a remote that
 * imported the package would bundle a second React Router, whose components cannot see the shell's
 * router and break on the page. (The server renderer and the facade itself are the exceptions.)
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SOURCE_DIRS = ['shell/src', 'mf-marketing/src', 'mf-resources/src', 'mf-company/src', 'mf-invest/src'];
const ALLOWED = new Set(['shell/src/router/index.ts', 'shell/src/server/render-app.tsx']);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

describe('routing imports', () => {
  it('come from @cardlift/shell/router in the shell and every remote', () => {
    const offenders = SOURCE_DIRS.flatMap(sourceFiles).filter(
      (file) => !ALLOWED.has(file) && /from ['"]react-router(-dom)?['"]/.test(fs.readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
