import { loadContent } from '../content/content-store';
import { loadConfig } from '../app-config';
import { dataForPath, inlineQueryData } from './query-data';

const content = loadContent(loadConfig({}).contentDir);

describe('data a page inlines', () => {
  it("carries of the careers list what a job card shows, not each posting's whole text", () => {
    const open = content.openJobs();
    expect(open.length).toBeGreaterThan(0);
    const inlined = dataForPath('/api/jobs', content) as Record<string, unknown>[];
    expect(inlined.map((job) => job.slug)).toEqual(open.map((job) => job.slug));
    const [first] = open;
    // toEqual counts an undefined field as absent: level is optional.
    expect(inlined[0]).toEqual({
      id: first?.id,
      slug: first?.slug,
      title: first?.title,
      department: first?.department,
      location: first?.location,
      remote: first?.remote,
      level: first?.level,
      postedDate: first?.postedDate,
    });
    expect(JSON.stringify(inlined).length).toBeLessThan(JSON.stringify(open).length / 3);
  });

  it("carries of the case-study list what a card shows, in the api's order", () => {
    const inlined = dataForPath('/api/casestudies', content) as Record<string, unknown>[];
    expect(inlined.map((c) => c.id)).toEqual(content.caseStudies.map((c) => c.id));
    const [first] = content.caseStudies;
    // toEqual counts an undefined field as absent: excerpt and tags are optional.
    expect(inlined[0]).toEqual({
      id: first?.id,
      title: first?.title,
      client: first?.client,
      clientLogo: first?.clientLogo,
      heroImage: first?.heroImage,
      overview: first?.overview,
      excerpt: first?.excerpt,
      tags: first?.tags,
    });
    expect(JSON.stringify(inlined).length).toBeLessThan(JSON.stringify(content.caseStudies).length / 2);
  });

  it('carries one posting or one case study whole: its page shows all of it', () => {
    const [job] = content.openJobs();
    const [caseStudy] = content.caseStudies;
    expect(dataForPath(`/api/jobs/${job?.slug}`, content)).toEqual(job);
    expect(dataForPath(`/api/casestudies/${caseStudy?.id}`, content)).toEqual(caseStudy);
  });

  it('leaves out a key with no data, so the page asks the api itself', () => {
    expect(inlineQueryData([['/api/jobs', 'no-such-job'], ['/api/banners']], content).map((entry) => entry.queryKey)).toEqual([
      ['/api/banners'],
    ]);
  });
});
