/**
 * The shell's browser build sends two of the federation runtime core's files to stand-ins
 * (federation-runtime-trim.ts). These checks read the installed runtime, so an upgrade that asks more
 * of those files fails here, naming what is missing, rather than in a visitor's browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPLACED_REQUESTS } from './runtime-stand-ins/replaced-requests';

const DIST = path.dirname(require.resolve('@module-federation/runtime-core'));
const STAND_INS = path.join(__dirname, 'runtime-stand-ins');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.js') ? [full] : [];
  });
}

/** The names a file imports from `request` (`import { a, b as c } from "request"`). */
function namesImported(source: string, request: string): string[] {
  const escaped = request.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${escaped}["']`).exec(source);
  return (match?.[1] ?? '')
    .split(',')
    .map((name) => name.trim().split(/\s+as\s+/)[0] ?? '')
    .filter(Boolean);
}

const exportsOf = (standIn: string) => {
  const source = fs.readFileSync(path.join(STAND_INS, standIn), 'utf8');
  return [...source.matchAll(/export (?:const|class|function) (\w+)/g)].map((m) => m[1] ?? '');
};

describe("the federation runtime's stand-ins", () => {
  it.each(REPLACED_REQUESTS)('export every name dist/$from imports from $request', ({ from, request, standIn }) => {
    const importers = filesUnder(path.join(DIST, from)).filter((file) => path.dirname(file) === path.join(DIST, from));
    const wanted = importers.flatMap((file) => namesImported(fs.readFileSync(file, 'utf8'), request));
    expect(wanted.length).toBeGreaterThan(0);
    expect(wanted.filter((name) => !exportsOf(standIn).includes(name))).toEqual([]);
  });

  it("have every member the runtime core uses of the snapshot handler outside the snapshot plugin's own files", () => {
    const used = new Set(
      filesUnder(DIST)
        .filter((file) => !file.includes(`${path.sep}plugins${path.sep}snapshot${path.sep}`))
        .flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/snapshotHandler\.(\w+)/g)].map((m) => m[1] ?? '')),
    );
    const standIn = fs.readFileSync(path.join(STAND_INS, 'snapshot-handler.ts'), 'utf8');
    const disabled = fs.readFileSync(path.join(DIST, 'plugins', 'snapshot', 'disabled.js'), 'utf8');
    const provided = (member: string) => new RegExp(`\\b${member}\\b`).test(standIn) || disabled.includes(`this.${member} =`);
    expect([...used].sort()).toEqual(expect.arrayContaining(['hooks', 'manifestCache']));
    expect([...used].filter((member) => !provided(member))).toEqual([]);
  });
});
