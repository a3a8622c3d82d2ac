import { screen } from '@testing-library/react';
import { renderWithProviders } from '@cardlift/shell/test-utils';
import { pages } from './meta';
import {{labelIdentifier}}Routes from './routes';

const renderAt = (path: string) => renderWithProviders(<{{labelIdentifier}}Routes />, { path });

describe('{{packageDir}} routes', () => {
  it('renders its page with one h1, its description and Talk to Sales', () => {
    renderAt(pages.main.path);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: pages.main.title })).toBeInTheDocument();
    expect(screen.getByText(pages.main.description)).toBeInTheDocument();
    // A link to the contact section, so it works before and without the page's script.
    expect(screen.getByRole('link', { name: 'Talk to Sales' })).toHaveAttribute('href', '#contact');
  });

  it('shows the not-found page for a path it does not know', () => {
    renderAt(`${pages.main.path.replace(/\/$/, '')}/no-such-page`);
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
  });
});
