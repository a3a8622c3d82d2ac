import Koa from 'koa';
import request from 'supertest';
import { trustedForwardedHeaders } from './forwarded-headers';
import { LOOPBACK_PROXIES } from './trusted-proxies';
import { loadPlatformConfig } from './config';

/** The test's requests come from 127.0.0.1: a proxy by default, a stranger when `proxies` say so. */
function echoHost(hops: number, proxies: readonly string[] = LOOPBACK_PROXIES) {
  const koa = new Koa({ proxy: hops > 0, maxIpsCount: hops });
  koa.use(trustedForwardedHeaders(hops, proxies));
  koa.use((ctx) => {
    ctx.body = { host: ctx.host, protocol: ctx.protocol, ip: ctx.ip, secure: ctx.secure };
  });
  return koa.callback();
}

describe('X-Forwarded-Host and -Proto behind trusted proxies', () => {
  it('believes the value the trusted proxy added, not the one the client sent ahead of it', async () => {
    const res = await request(echoHost(1))
      .get('/')
      .set('Host', 'internal:8080')
      .set('X-Forwarded-Host', 'evil.example, www.cardlift.example')
      .set('X-Forwarded-Proto', 'http, https');
    expect(res.body).toMatchObject({ host: 'www.cardlift.example', protocol: 'https' });
  });

  it('counts hops from the right: with two proxies, the outer one wrote the second value from the right', async () => {
    const res = await request(echoHost(2, ['127.0.0.1', '10.0.0.0/8']))
      .get('/')
      .set('X-Forwarded-For', '203.0.113.9, 10.0.0.2')
      .set('X-Forwarded-Host', 'evil.example, www.cardlift.example, edge.internal');
    expect(res.body.host).toBe('www.cardlift.example');
  });

  it('believes none of them without trusted proxies', async () => {
    const res = await request(echoHost(0)).get('/').set('Host', 'api.internal').set('X-Forwarded-Host', 'evil.example');
    expect(res.body.host).toBe('api.internal');
  });
});

describe('forwarded headers from an address that is not a proxy (TRUST_PROXY_FROM)', () => {
  const stranger = () => echoHost(1, ['10.0.0.0/8', 'fd00::/8']);

  it('ignores X-Forwarded-For, -Host and -Proto from a client reaching the api itself', async () => {
    const res = await request(stranger())
      .get('/')
      .set('Host', 'api.internal')
      .set('X-Forwarded-For', '198.51.100.77')
      .set('X-Forwarded-Host', 'evil.example')
      .set('X-Forwarded-Proto', 'https');
    expect(res.body).toEqual({ host: 'api.internal', protocol: 'http', ip: '127.0.0.1', secure: false });
  });

  it('believes them from the proxy, by default this machine', async () => {
    const res = await request(echoHost(1)).get('/').set('X-Forwarded-For', '198.51.100.77').set('X-Forwarded-Proto', 'https');
    expect(res.body).toMatchObject({ protocol: 'https', ip: '198.51.100.77', secure: true });
  });

  it('walks from the right only through proxies: an entry written by a stranger ends the walk', async () => {
    // Two hops allowed, but 203.0.113.5 (the entry our proxy wrote) is no proxy: it is the client.
    const res = await request(echoHost(2)).get('/').set('X-Forwarded-For', '6.6.6.6, 203.0.113.5');
    expect(res.body.ip).toBe('203.0.113.5');
  });
});

describe('TRUST_PROXY_FROM', () => {
  it('refuses anything but addresses and CIDRs, naming the setting', () => {
    expect(() => loadPlatformConfig({ TRUST_PROXY_HOPS: '1', TRUST_PROXY_FROM: '10.0.0.0/33' })).toThrow(
      /TRUST_PROXY_FROM.*10\.0\.0\.0\/33/,
    );
    expect(() => loadPlatformConfig({ TRUST_PROXY_FROM: 'varnish.internal' })).toThrow(/TRUST_PROXY_FROM/);
    expect(loadPlatformConfig({ TRUST_PROXY_FROM: '10.0.0.0/8, fd00::/8' }).trustProxyFrom).toEqual(['10.0.0.0/8', 'fd00::/8']);
  });
});
