import type { Lead } from './lead-store';
import { toCsv } from './export-leads';

const lead = (n: number, attribution: Lead['attribution']): Lead => ({
  id: `lead-${n}`,
  createdAt: '2026-11-22T10:00:00.000Z',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: `grace${n}@example.com`,
  jobTitle: 'VP',
  company: 'Compilers Inc',
  businessHelp: 'other',
  agreeToUpdates: true,
  attribution,
});

describe('leads:export CSV', () => {
  it('has a column for each attribution field, empty where the visit had none', () => {
    const [header, first, second] = toCsv([
      lead(1, { utmSource: 'x', utmCampaign: 'y', landingPage: '/?utm_source=x&utm_campaign=y' }),
      lead(2, {}),
    ]).split('\r\n');
    expect(header).toBe(
      'id,createdAt,firstName,lastName,email,jobTitle,company,businessHelp,agreeToUpdates,utmSource,utmMedium,utmCampaign,utmTerm,utmContent,referrer,landingPage',
    );
    expect(first).toBe(
      'lead-1,2026-11-22T10:00:00.000Z,Grace,Hopper,grace1@example.com,VP,Compilers Inc,other,true,x,,y,,,,/?utm_source=x&utm_campaign=y',
    );
    expect(second).toMatch(/,true,,,,,,,$/);
  });

  it('defuses a campaign name a spreadsheet would run as a formula', () => {
    const [, row] = toCsv([lead(1, { utmCampaign: '=HYPERLINK("http://evil.example")' })]).split('\r\n');
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });
});
