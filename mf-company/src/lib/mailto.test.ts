import { siteConfig } from '@cardlift/contracts';
import { applyHref, mailtoHref, resumeHref } from './mailto';

describe('mailto links', () => {
  it('puts the job title in an encoded subject', () => {
    const href = applyHref({ title: 'Data & Analytics Lead / EMEA' });
    expect(href).toBe(`mailto:${siteConfig.careersEmail}?subject=Application%3A%20Data%20%26%20Analytics%20Lead%20%2F%20EMEA`);
    expect(decodeURIComponent(new URL(href).searchParams.get('subject') ?? '')).toContain('Data & Analytics Lead / EMEA');
  });

  it('encodes spaces as %20, which every mail client reads (not +)', () => {
    expect(mailtoHref('a@b.example', 'Hello world')).toBe('mailto:a@b.example?subject=Hello%20world');
  });

  it('omits the query without a subject', () => {
    expect(mailtoHref('a@b.example')).toBe('mailto:a@b.example');
  });

  it('sends resumes to the careers inbox', () => {
    expect(resumeHref.startsWith(`mailto:${siteConfig.careersEmail}?subject=`)).toBe(true);
  });
});
