import { act, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@cardlift/shell/test-utils';
import { demoSamples } from '../../content/offers-api-samples';
import { RESPONSE_DELAY_MS, TYPING_MS_PER_CHAR } from '../../hooks/use-typing-demo';
import { CodeDemo } from './code-demo';

const first = demoSamples[0]!;

function advance(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

describe('CodeDemo', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is rendered on the server with the first sample typed and its response card, not an empty panel', () => {
    const html = renderToString(<CodeDemo responseLabel="API response" />);
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(page.querySelector('[data-testid="typed-code"] pre:last-child')?.textContent).toBe(first.code);
    expect(page.querySelector('article[aria-label="API response"]')?.textContent).toContain(first.offer.brand);
    expect(html).not.toContain('Waiting for the response');
  });

  it('has the three tabs and gives screen readers the full code from the start', () => {
    renderWithProviders(<CodeDemo responseLabel="API response" />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Transportation', 'Entertainment', 'Travel']);
    expect(screen.getByRole('tab', { name: 'Transportation' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    // The animated copy is aria-hidden; the accessible copy is complete.
    expect(screen.getByTestId('typed-code')).toHaveAttribute('aria-hidden', 'true');
    expect(panel.querySelector('pre.mk\\:sr-only')?.textContent).toBe(first.code);
  });

  it('shows the API response with an Active badge 300 ms after typing, then a Next button', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderWithProviders(<CodeDemo responseLabel="API response" />);
    expect(screen.queryByRole('button', { name: /next/i })).not.toBeInTheDocument();
    advance(first.code.length * TYPING_MS_PER_CHAR);
    expect(screen.getByRole('button', { name: /next/i })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'API response' })).not.toBeInTheDocument();
    advance(RESPONSE_DELAY_MS);
    const card = screen.getByRole('article', { name: 'API response' });
    expect(card).toHaveTextContent('Active');
    expect(card).toHaveTextContent(first.offer.brand);
    expect(card).toHaveTextContent(first.offer.offerId);
    await user.click(screen.getByRole('button', { name: /next/i }));
    expect(screen.getByRole('tab', { name: 'Entertainment' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Entertainment' })).toHaveFocus();
  });

  it('has a pause control that freezes the animation', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderWithProviders(<CodeDemo responseLabel="API response" />);
    await user.click(screen.getByRole('button', { name: 'Pause animation' }));
    const typed = screen.getByTestId('typed-code').textContent;
    advance(30_000);
    expect(screen.getByTestId('typed-code').textContent).toBe(typed);
    expect(screen.getByRole('tab', { name: 'Transportation' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Play animation' })).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderWithProviders(<CodeDemo responseLabel="API response" />);
    await user.click(screen.getByRole('tab', { name: 'Transportation' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Travel' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Travel' })).toHaveFocus();
  });

  it('with reduced motion shows the whole sample and the response, without a pause control', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    try {
      renderWithProviders(<CodeDemo responseLabel="API response" />);
      expect(screen.getByTestId('typed-code').textContent).toContain(first.code);
      expect(screen.getByRole('article', { name: 'API response' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /pause/i })).not.toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });
});
