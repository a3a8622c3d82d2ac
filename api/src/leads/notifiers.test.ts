import type { Lead } from './lead-store';
import { leadEmail } from './notifiers';

const lead: Lead = {
  id: 'lead-1',
  createdAt: '2026-11-22T10:00:00.000Z',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  jobTitle: 'VP Marketing',
  company: 'Compilers Inc',
  businessHelp: 'customer-acquisition',
  agreeToUpdates: false,
  attribution: {},
};

describe('the e-mail sales receives for a lead', () => {
  it('names the lead and says where the visit came from', () => {
    const { subject, text } = leadEmail({
      ...lead,
      attribution: { utmSource: 'x', utmCampaign: 'y', referrer: 'https://news.example/', landingPage: '/?utm_source=x' },
    });
    expect(subject).toBe('New lead: Compilers Inc (Customer Acquisition)');
    expect(text).toContain('Name: Grace Hopper');
    expect(text).toContain('Source: x\nCampaign: y\nReferrer: https://news.example/\nLanding page: /?utm_source=x');
    expect(text).not.toContain('Medium:');
  });

  it('says so when the visit left no trace', () => {
    expect(leadEmail(lead).text).toMatch(/Where the visit came from:\n\(nothing recorded/);
  });
});
