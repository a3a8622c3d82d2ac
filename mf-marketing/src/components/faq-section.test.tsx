import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@cardlift/shell/test-utils';
import { cardLinkedOffersContent } from '../content/card-linked-offers';
import { FaqSection } from './faq-section';

const items = cardLinkedOffersContent.faq;
/** The disclosure of question `i` (a native <details>: its summary is the button). */
const item = (i: number) => screen.getByText(items[i]!.question).closest('details')!;
const summary = (i: number) => item(i).querySelector('summary')!;
const openItems = () => document.querySelectorAll('details[open]');

describe('FaqSection', () => {
  it('starts with every item closed, under an h2 with h3 questions, the answers already in the page', () => {
    renderWithProviders(<FaqSection title="Frequently asked questions" items={items} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Frequently asked questions' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(items.map((i) => i.question));
    expect(openItems()).toHaveLength(0);
    // Closed, the answer is there (for search engines and find-in-page) but not shown.
    expect(screen.getByText(items[0]!.answer)).not.toBeVisible();
  });

  it('keeps one item open at a time and closes the open item when it is pressed again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FaqSection title="FAQ" items={items} />);
    await user.click(summary(0));
    expect(item(0).open).toBe(true);
    expect(screen.getByText(items[0]!.answer)).toBeVisible();

    await user.click(summary(2));
    expect(item(2).open).toBe(true);
    await waitFor(() => expect(item(0).open).toBe(false));
    expect(openItems()).toHaveLength(1);

    await user.click(summary(2));
    expect(openItems()).toHaveLength(0);
  });

  it('puts each question in the tab order (Enter and Space belong to the browser: e2e/early-presses.spec.ts)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FaqSection title="FAQ" items={items} />);
    await user.tab();
    expect(summary(0)).toHaveFocus();
    await user.tab();
    expect(summary(1)).toHaveFocus();
  });
});
