/**
 * The Host header (and X-Forwarded-Host behind proxies) is the client's to write. Nothing the api
 * sends may be built from it: a page would carry the forged host (and, cached, hand it to the next
 * visitor), a preview link would point elsewhere, and CORS would grant credentials to that origin.
 * Addresses come from SITE_URL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '../app';
import { loadConfig } from '../app-config';
import { writeFixtureSite } from '../../test/fixture-builds';
import { startedForSuite } from '../../test/test-app';

const config = {
  ...loadConfig({
    ...process.env,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-host-')),
    SITE_ROOT: writeFixtureSite(),
    SITE_URL: 'https://www.cardlift.example',
    TRUST_PROXY_HOPS: '1',
  }),
  logLevel: 'silent',
};
const app = startedForSuite(createApp({ config }));
const server = () => app.koa.callback();

const FORGED = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http' };

describe('a forged Host', () => {
  it.each(['/', '/products/card-linked-offers', '/case-studies', '/no-such-page'])('is copied nowhere into %s', async (page) => {
    const res = await request(server()).get(page).set(FORGED);
    expect(res.text).toContain('https://www.cardlift.example');
    expect(res.text).not.toContain('evil.example');
    expect(JSON.stringify(res.headers)).not.toContain('evil.example');
  });

  it('gets no CORS grant for its own origin', async () => {
    const res = await request(server()).get('/api/casestudies').set(FORGED).set('Origin', 'http://evil.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const own = await request(server()).get('/api/casestudies').set('Origin', 'https://www.cardlift.example');
    expect(own.headers['access-control-allow-origin']).toBe('https://www.cardlift.example');
  });
});
