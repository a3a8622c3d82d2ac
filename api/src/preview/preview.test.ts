import { signContentPreview, signPreview, verifyContentPreview, verifyPreview } from './preview';

const grant = { remote: 'mf_invest' as const, version: '1.0.0-0123456789', expiresAt: Date.parse('2026-11-22T13:00:00Z') };
const before = Date.parse('2026-11-22T12:00:00Z');

describe('preview links', () => {
  it('carry their grant while the signature holds and the time has not run out', () => {
    const token = signPreview(grant, 'secret');
    expect(verifyPreview(token, 'secret', before)).toEqual(grant);
    expect(verifyPreview(token, 'secret', grant.expiresAt)).toBeUndefined();
    expect(verifyPreview(token, 'another secret', before)).toBeUndefined();
  });

  it('refuse a changed grant, garbage and a version that could leave its folder', () => {
    const token = signPreview(grant, 'secret');
    const [, signature] = token.split('.');
    const changed = Buffer.from(JSON.stringify(['mf_company', grant.version, grant.expiresAt])).toString('base64url');
    expect(verifyPreview(`${changed}.${signature}`, 'secret', before)).toBeUndefined();
    expect(verifyPreview('not-a-token', 'secret', before)).toBeUndefined();
    expect(verifyPreview(undefined, 'secret', before)).toBeUndefined();
    expect(verifyPreview(signPreview({ ...grant, version: '..' }, 'secret'), 'secret', before)).toBeUndefined();
  });

  it("sign a content item's preview with the same secret, never taken for a release's (nor the other way)", () => {
    const content = { kind: 'blog' as const, id: 'offers-api-announcement', expiresAt: grant.expiresAt, session: 'tag-of-a-session' };
    const token = signContentPreview(content, 'secret');
    expect(verifyContentPreview(token, 'secret', before)).toEqual(content);
    expect(verifyContentPreview(token, 'secret', grant.expiresAt)).toBeUndefined();
    expect(verifyContentPreview(token, 'another secret', before)).toBeUndefined();
    expect(verifyPreview(token, 'secret', before)).toBeUndefined();
    expect(verifyContentPreview(signPreview(grant, 'secret'), 'secret', before)).toBeUndefined();
    expect(verifyContentPreview(signContentPreview({ ...content, kind: 'pages' as 'blog' }, 'secret'), 'secret', before)).toBeUndefined();
  });
});
