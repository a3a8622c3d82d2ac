/**
 * `npm run editors` as an operator runs it (a child process on the server's DATA_DIR): the link it
 * prints sets the password once, and the person then signs in; bad input is refused with exit code 1.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { REPO_ROOT } from '../platform/config';
import { loadConfig } from '../app-config';
import { PASSWORD, tokenOf } from '../../test/editor-people';
import { testApp } from '../../test/test-app';

const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const CLI = path.join(REPO_ROOT, 'api', 'src', 'editor', 'editors-cli.ts');
const SITE_URL = 'http://127.0.0.1:4321';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-editors-cli-'));

function editors(...args: string[]) {
  return editorsWith({ SITE_URL }, ...args);
}

function editorsWith(env: Record<string, string | undefined>, ...args: string[]) {
  const run = spawnSync(TSX, [CLI, ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env }, encoding: 'utf8' });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

describe('the editors command', () => {
  it('adds an account whose printed link sets the password once, then refuses a duplicate, a bad e-mail and a bad role', async () => {
    const added = editors('add', 'Dana@Example.com', '--role', 'publisher');
    expect(added).toMatchObject({ code: 0, err: '' });
    const link = /^http\S+$/m.exec(added.out)?.[0];
    expect(link).toMatch(new RegExp(`^${SITE_URL}/editor/set-password#token=`));
    expect(added.out).not.toContain('SITE_URL is not set');

    expect(editors('add', 'dana@example.com', '--role', 'editor')).toMatchObject({
      code: 1,
      err: expect.stringContaining('already has an account'),
    });
    expect(editors('add', 'not-an-address', '--role', 'editor')).toMatchObject({
      code: 1,
      err: expect.stringContaining('not an e-mail address'),
    });
    expect(editors('add', 'eve@example.com', '--role', 'admin')).toMatchObject({
      code: 1,
      err: expect.stringContaining('--role must be editor or publisher'),
    });
    expect(editors('list').out).toBe('dana@example.com\tpublisher\tno password yet\n');

    const app = testApp({ dataDir, siteAddresses: loadConfig({ SITE_URL }).siteAddresses });
    try {
      const server = app.koa.callback();
      await request(server)
        .post('/api/editor/password')
        .send({ token: tokenOf(link!), password: PASSWORD })
        .expect(204);
      await request(server)
        .post('/api/editor/password')
        .send({ token: tokenOf(link!), password: PASSWORD })
        .expect(410);
      const res = await request(server).post('/api/editor/session').send({ email: 'dana@example.com', password: PASSWORD }).expect(200);
      expect(res.body.user).toEqual({ email: 'dana@example.com', role: 'publisher' });
      // SITE_URL is http here: the cookie cannot be Secure.
      expect(String(res.headers['set-cookie'])).not.toContain('Secure');
    } finally {
      await app.close();
    }
    expect(editors('remove', 'dana@example.com')).toMatchObject({ code: 0 });
    expect(editors('reset', 'dana@example.com')).toMatchObject({ code: 1, err: expect.stringContaining('has no account') });
  }, 60_000);

  it('without SITE_URL, also prints the link on this machine, with the same token', () => {
    const added = editorsWith({ SITE_URL: undefined, PORT: '3456' }, 'add', 'lee@example.com', '--role', 'editor');
    expect(added).toMatchObject({ code: 0, err: '' });
    const links = added.out.match(/^http\S+$/gm) ?? [];
    expect(links).toHaveLength(2);
    expect(links[1]).toMatch(/^http:\/\/localhost:3456\/editor\/set-password#token=/);
    expect(tokenOf(links[1]!)).toBe(tokenOf(links[0]!));
    expect(links[0]).not.toContain('localhost');
  }, 60_000);

  it('explains itself with --help, and refuses an unknown option in one line with the usage, never a stack', () => {
    const help = editors('--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('add <email> --role editor|publisher');
    expect(help.err).toBe('');
    const unknown = editors('list', '--colour');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/^editors: Unknown option '--colour'\nusage: editors/);
    expect(unknown.err).not.toMatch(/\n\s+at /);
  });
});
