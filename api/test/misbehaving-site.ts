/**
 * A site of two stand-in builds whose mf-marketing server code runs `misbehaviour` when it renders
 * `/` and renders a paragraph for any other path: the render fault tests and the fault bench.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The shell hands the URL to nobody else: the stand-in section reads it from a global the shell sets.
const SHELL_BUNDLE = `
exports.renderApp = async (input) => {
  globalThis.url = input.url;
  const parts = await Promise.all(Object.keys(input.remotes).map((n) => input.remotes[n]()));
  return '<main data-url="' + input.url + '">' + parts.join('') + '</main>';
};`;

/** The site's root folder (a new temporary one). */
export function writeMisbehavingSite(misbehaviour: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-faults-'));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  write('shell/dist/server/index.js', SHELL_BUNDLE);
  write(
    'mf-marketing/dist/server/index.js',
    `exports.loadRoutes = async () => () => { if (globalThis.url === '/') { ${misbehaviour} } return '<p>section</p>'; };`,
  );
  return root;
}

export const MISBEHAVING_REGISTRY = [
  { name: 'mf_marketing' as const, entry: '/remotes/mf_marketing/local/mf-manifest.json', version: 'local' },
];

/** A render request of `url` on that site, afresh (nothing kept). */
export const misbehavingSiteRequest = (url: string) => ({
  url,
  registry: MISBEHAVING_REGISTRY,
  remote: 'mf_marketing' as const,
  queryData: [],
  uncached: true,
});

export const MISBEHAVIOURS = {
  loop: 'for (;;) {}',
  allocate2Gb: 'const kept = []; for (let i = 0; i < 2048; i += 1) kept.push(Buffer.alloc(1024 * 1024, 1).toString("latin1"));',
  crash: 'process.exit(3);',
};
