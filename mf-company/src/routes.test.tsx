import { screen, within } from '@testing-library/react';
import { siteConfig } from '@cardlift/contracts';
import { CONTACT_SECTION_ID } from '@cardlift/shell/ui';
import { json, mockFetch, renderWithProviders } from '@cardlift/shell/test-utils';
import CompanyRoutes from './routes';

const renderAt = (path: string) => renderWithProviders(<CompanyRoutes />, { path });

beforeEach(() => {
  mockFetch({ '/api/jobs': () => json([]) });
});

describe('company routes', () => {
  it.each([
    ['/company/about-us', /reward the customers/i],
    ['/company/press', 'Newsroom'],
    ['/company/careers', /Build the future/],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
  ])('%s renders its page with one h1', (path, heading) => {
    renderAt(path);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('sends /company to About Us', () => {
    renderAt('/company');
    expect(screen.getByRole('heading', { level: 1, name: /reward the customers/i })).toBeInTheDocument();
  });

  it.each(['/company/unknown', '/company/careers/a/b'])('shows the not-found page for %s', (path) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
  });
});

describe('About Us', () => {
  it('links its Careers button to the careers page and shows four pillars and four values', () => {
    renderAt('/company/about-us');
    expect(screen.getByRole('link', { name: 'Careers' })).toHaveAttribute('href', '/company/careers');
    const pillars = screen.getByRole('region', { name: 'What we stand on' });
    expect(within(pillars).getAllByRole('heading', { level: 3 })).toHaveLength(4);
    const values = screen.getByRole('region', { name: 'Our values' });
    expect(
      within(values)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Passion', 'Grit', 'Humility', 'Hustle']);
  });
});

describe('Press', () => {
  it('shows four categories', () => {
    renderAt('/company/press');
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(4);
  });
});

describe('legal pages', () => {
  it.each([
    ['/privacy', 'September 14, 2020'],
    ['/terms', 'May 2, 2022'],
  ])('%s shows its update date and a table of contents whose links reach each section', (path, date) => {
    const { container } = renderAt(path);
    expect(screen.getByText(date).tagName).toBe('TIME');
    const toc = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(toc).getAllByRole('link');
    expect(links.length).toBeGreaterThanOrEqual(10);
    for (const link of links) {
      const id = link.getAttribute('href')?.slice(1) ?? '';
      expect(container.querySelector(`[id="${id}"]`)?.tagName).toBe('H2');
    }
    // The frame's Talk to Sales section owns #contact on every page; the document's "Contact us" must not take it.
    expect(container.querySelector(`[id="${CONTACT_SECTION_ID}"]`)).toBeNull();
    // Headings go h1 > h2 > h3 without skipping a level.
    const levels = [...container.querySelectorAll('h1, h2, h3, h4')].map((h) => Number(h.tagName[1]));
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
  });

  it('states the points rules in the terms', () => {
    renderAt('/terms');
    const text = document.body.textContent ?? '';
    expect(text).toMatch(/earned on net dollars/);
    expect(text).toMatch(/rounded down/);
    expect(text).toMatch(/inactive after 6 months without opening the app/);
    expect(text).toMatch(/Purchased points are non-refundable/);
    expect(text).toContain(siteConfig.legalName);
  });
});
