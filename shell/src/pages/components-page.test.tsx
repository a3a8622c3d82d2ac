import { screen } from '@testing-library/react';
import { json, mockFetch, renderWithProviders } from '../../test/render-with-providers';
import { ComponentsPage } from './components-page';

// Radix portals and user-event take seconds on a busy 2-core machine.
jest.setTimeout(20_000);

describe('ComponentsPage', () => {
  it('documents every part of the design system, with the status samples and one live contact form', async () => {
    mockFetch({ '/api/banners': () => json({ primary: null, secondary: null }) });
    renderWithProviders(<ComponentsPage />, { path: '/components' });
    for (const name of ['Typography', 'Colours', 'Buttons', 'Icons', 'Cards', 'Badges', 'Spacing', 'Contact form']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    for (const status of ['Published', 'Draft', 'Featured']) expect(screen.getByText(status)).toBeInTheDocument();
    expect(screen.getByText('#5A012B')).toBeInTheDocument();
    expect(await screen.findAllByRole('form', { name: 'Talk to Sales' })).toHaveLength(1);
    expect(document.querySelectorAll('#contact')).toHaveLength(1);
  });
});
