import { headTagsFor, resolvePageMeta, siteConfig, type ContentLookup } from '@cardlift/contracts';
import { jobPageMeta, jobPostingJsonLd, remoteMeta } from './meta';
import { makeJob, makeMinimalJob } from './test/jobs';

const job = makeJob({ validThrough: '2025-06-30' });
const content: ContentLookup = {
  caseStudy: () => undefined,
  blogPost: () => undefined,
  job: (slug) => (slug === job.slug ? job : undefined),
};

describe('jobPostingJsonLd', () => {
  it('describes an on-site job with its place', () => {
    const ld = jobPostingJsonLd(job);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Senior Frontend Engineer',
      description: job.description,
      datePosted: '2025-03-01',
      validThrough: '2025-06-30',
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: siteConfig.brandName, sameAs: siteConfig.siteUrl },
      jobLocation: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'New York', addressRegion: 'NY', addressCountry: 'US' },
      },
      url: `${siteConfig.siteUrl}/company/careers/senior-frontend-engineer`,
    });
    expect(ld).not.toHaveProperty('jobLocationType');
  });

  it('gives the address the country of the job', () => {
    expect(jobPostingJsonLd(makeJob({ location: 'Toronto, ON', country: 'CA' }))).toMatchObject({
      jobLocation: { address: { addressLocality: 'Toronto', addressRegion: 'ON', addressCountry: 'CA' } },
    });
  });

  it('describes a remote job as TELECOMMUTE with the area applicants must live in', () => {
    const ld = jobPostingJsonLd(makeJob({ remote: true, location: 'Remote (United States)', employmentType: 'CONTRACTOR' }));
    expect(ld).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'AdministrativeArea', name: 'United States' },
      employmentType: 'CONTRACTOR',
    });
    expect(ld).not.toHaveProperty('jobLocation');
  });

  it('omits validThrough when it is not known', () => {
    expect(jobPostingJsonLd(makeMinimalJob())).not.toHaveProperty('validThrough');
  });

  it('is valid JSON that survives serialisation into a script tag', () => {
    const ld = jobPostingJsonLd(job);
    expect(JSON.parse(JSON.stringify(ld))).toEqual(ld);
  });
});

describe('page metadata', () => {
  it('gives job pages the article type, a short description and the JobPosting', () => {
    const meta = jobPageMeta(makeJob({ description: 'word '.repeat(100) }));
    expect(meta.type).toBe('article');
    expect(meta.description.length).toBeLessThanOrEqual(160);
    expect(meta.jsonLd?.[0]).toMatchObject({ '@type': 'JobPosting' });
    const tags = headTagsFor(meta, '/company/careers/senior-frontend-engineer');
    expect(tags).toContainEqual({ kind: 'meta', key: 'property', id: 'og:type', content: 'article' });
  });

  it('answers a closed posting 410 Gone, kept out of the index and without its JobPosting', () => {
    const closed = jobPageMeta(makeJob({ open: false }));
    expect(closed).toMatchObject({ status: 410, noindex: true, queries: [['/api/jobs', 'senior-frontend-engineer']] });
    expect(closed.title).toBe('Senior Frontend Engineer (closed) | Careers');
    expect(closed.jsonLd).toBeUndefined();
    const tags = headTagsFor(closed, '/company/careers/senior-frontend-engineer');
    expect(tags).toContainEqual({ kind: 'meta', key: 'name', id: 'robots', content: 'noindex, nofollow' });
    expect(tags.some((t) => t.kind === 'jsonld')).toBe(false);
    expect(jobPageMeta(job).status).toBeUndefined();
  });

  it('resolves a known job and answers null (a 404) for an unknown one', () => {
    expect(resolvePageMeta(remoteMeta, '/company/careers/senior-frontend-engineer', content)).toEqual(jobPageMeta(job));
    expect(resolvePageMeta(remoteMeta, '/company/careers/no-such-job', content)).toBeNull();
  });

  it.each(['/company/about-us', '/company/press', '/company/careers', '/privacy', '/terms'])('declares %s', (path) => {
    const meta = resolvePageMeta(remoteMeta, path, content);
    expect(meta?.path).toBe(path);
    expect(meta?.noindex).toBeFalsy();
  });

  it('keeps /company (a redirect) out of the index, pointing at About Us', () => {
    const meta = resolvePageMeta(remoteMeta, '/company', content);
    expect(meta).toMatchObject({ canonicalPath: '/company/about-us', noindex: true });
  });

  it('has no page for unknown paths of the section', () => {
    expect(resolvePageMeta(remoteMeta, '/company/unknown', content)).toBeNull();
  });
});
