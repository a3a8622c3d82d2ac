import Koa from 'koa';
import request from 'supertest';
import { trustedForwardedHeaders } from './forwarded-headers';

function echoHost(hops: number) {
  const koa = new Koa({ proxy: hops > 0, maxIpsCount: hops });
  koa.use(trustedForwardedHeaders(hops));
  koa.use((ctx) => {
    ctx.body = { host: ctx.host, protocol: ctx.protocol };
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
    expect(res.body).toEqual({ host: 'www.cardlift.example', protocol: 'https' });
  });

  it('counts hops from the right: with two proxies, the outer one wrote the second value from the right', async () => {
    const res = await request(echoHost(2)).get('/').set('X-Forwarded-Host', 'evil.example, www.cardlift.example, edge.internal');
    expect(res.body.host).toBe('www.cardlift.example');
  });

  it('believes none of them without trusted proxies', async () => {
    const res = await request(echoHost(0)).get('/').set('Host', 'api.internal').set('X-Forwarded-Host', 'evil.example');
    expect(res.body.host).toBe('api.internal');
  });
});
