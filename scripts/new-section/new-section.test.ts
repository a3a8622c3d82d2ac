/**
 * The generator's refusals, and what one run changes in a copy of the repository: the new folder, the
 * table of remotes and the lock file, nothing else. Building and serving the section is the browser
 * suite's part (e2e/new-section.spec.ts).
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { planSection } from './section-plan';
import { copyRepo, removeCopy, REPO_ROOT } from './repo-copy';

const plan = (name: string | undefined, paths?: string, extra: { label?: string; menu?: string } = {}) =>
  planSection({ name, paths, ...extra }, REPO_ROOT);

describe('new-section refuses', () => {
  it.each([
    [undefined, '/partners', /Name the section/],
    ['Partners!', '/partners', /not a section name/],
    ['9lives', '/lives', /not a section name/],
    ['company', '/partners', /mf-company is taken: it is already a row of REMOTES/],
    ['mf-invest', '/partners', /mf-invest is taken/],
    ['partners', undefined, /Say which paths/],
    ['partners', 'partners', /not a section path/],
    ['partners', '/Partners/*', /not a section path/],
    ['partners', '/partners/**', /not a section path/],
    ['partners', '/company/partners', /belongs to mf_company \(Company\)/],
    ['partners', '/blog/*', /belongs to mf_resources/],
    ['partners', '/privacy', /belongs to mf_company/],
    ['partners', '/components', /taken by the site itself \(the shell's page \/components\)/],
    ['partners', '/api/*', /taken by the site itself \(\/api\)/],
    ['partners', '/remotes', /taken by the site itself/],
  ])('%s with --paths %s', (name, paths, message) => {
    expect(() => plan(name, paths)).toThrow(message);
  });

  it('a label or a menu that is taken or unknown', () => {
    expect(() => plan('partners', '/partners', { label: 'invest' })).toThrow(/label "invest" is taken/);
    expect(() => plan('partners', '/partners', { menu: 'footer' })).toThrow(
      /--menu must be one of products, solutions, resources, company/,
    );
  });
});

describe('new-section plans', () => {
  it('the next dev port, a free CSS prefix, and the paths as the table stores them', () => {
    expect(plan('partner-program', '/partners,/partners/*,/partner-faq', { menu: 'resources' })).toEqual({
      slug: 'partner-program',
      pagePath: '/partner-faq',
      menu: 'resources',
      row: {
        name: 'mf_partner_program',
        packageDir: 'mf-partner-program',
        label: 'Partner Program',
        devPort: 3105,
        cssPrefix: 'pa',
        paths: ['/partner-faq'],
        prefixes: ['/partners'],
      },
    });
  });

  it('a prefix that no other section uses, never one of Tailwind’s own variants', () => {
    expect(plan('marketing-labs', '/labs').row.cssPrefix).toBe('ma');
    expect(plan('mk', '/mk').row.cssPrefix).toBe('ma');
    expect(plan('medium', '/medium').row.cssPrefix).toBe('me');
  });
});

const digest = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

function snapshot(root: string, dir = root, into = new Map<string, string>()): Map<string, string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) snapshot(root, full, into);
    else into.set(path.relative(root, full), digest(full));
  }
  return into;
}

const changedBetween = (before: Map<string, string>, after: Map<string, string>) =>
  [...new Set([...before.keys(), ...after.keys()])].filter((file) => before.get(file) !== after.get(file)).sort();

describe('npm run new-section, in a copy of the repository', () => {
  let copy: string;
  beforeAll(() => {
    copy = copyRepo();
  });
  afterAll(() => removeCopy(copy));

  const run = (...args: string[]) =>
    spawnSync('npm', ['run', '--silent', 'new-section', '--', ...args], { cwd: copy, encoding: 'utf8', env: { ...process.env } });

  it('creates the section, changing only the table of remotes and the lock file outside it, and says what comes next', () => {
    const before = snapshot(copy);
    const result = run('partners', '--paths', '/partners,/partners/*');
    expect(result.stderr).not.toMatch(/Refused|Error/);
    expect(result.status).toBe(0);
    const changed = changedBetween(before, snapshot(copy));
    expect(changed.filter((file) => !file.startsWith(`mf-partners${path.sep}`))).toEqual(['contracts/src/remotes.ts', 'package-lock.json']);
    expect(changed).toEqual(
      expect.arrayContaining(['mf-partners/package.json', 'mf-partners/src/meta.ts', 'mf-partners/src/pages/partners-page.tsx']),
    );
    expect(fs.readFileSync(path.join(copy, 'contracts/src/remotes.ts'), 'utf8')).toContain(
      "{ name: 'mf_partners', packageDir: 'mf-partners', label: 'Partners', devPort: 3105, cssPrefix: 'pa', paths: [], prefixes: ['/partners'] },",
    );
    const lock = JSON.parse(fs.readFileSync(path.join(copy, 'package-lock.json'), 'utf8'));
    expect(lock.packages['node_modules/@cardlift/mf-partners']).toEqual({ resolved: 'mf-partners', link: true });
    expect(fs.realpathSync(path.join(copy, 'node_modules/@cardlift/mf-partners'))).toBe(fs.realpathSync(path.join(copy, 'mf-partners')));
    const invest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'mf-invest/package.json'), 'utf8'));
    const partners = JSON.parse(fs.readFileSync(path.join(copy, 'mf-partners/package.json'), 'utf8'));
    expect(partners.devDependencies).toEqual(invest.devDependencies);
    expect(partners.scripts.release).toBe('tsx ../api/src/release-cli/cli.ts release mf-partners');
    expect(result.stdout).toContain('RELEASE_TOKEN_MF_PARTNERS=<SHA-256 of the token, hex>');
    expect(result.stdout).toContain('RELEASE_TOKEN=<token> npm run release -w mf-partners -- --to https://<site>');
  });

  it('then refuses the same name, or a path the new section owns, and changes nothing', () => {
    const before = snapshot(copy);
    const again = run('partners', '--paths', '/other');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('Refused: mf-partners is taken: it is already a row of REMOTES.');
    expect(again.stderr).toContain('Nothing was changed.');
    const overlap = run('alliances', '--paths', '/partners/alliances');
    expect(overlap.status).toBe(1);
    expect(overlap.stderr).toContain('"/partners/alliances" is taken: /partners/alliances belongs to mf_partners (Partners).');
    expect(changedBetween(before, snapshot(copy))).toEqual([]);
  });
});
