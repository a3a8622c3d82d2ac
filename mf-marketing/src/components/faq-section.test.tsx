import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@cardlift/shell/test-utils';
import { cardLinkedOffersContent } from '../content/card-linked-offers';
import { FaqSection } from './faq-section';

const items = cardLinkedOffersContent.faq;
const question = (i: number) => screen.getByRole('button', { name: items[i]!.question });

describe('FaqSection', () => {
  it('starts with every item closed, under an h2 with h3 questions', async () => {
    renderWithProviders(<FaqSection title="Frequently asked questions" items={items} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Frequently asked questions' })).toBeInTheDocument();
    // The accordion's code arrives on its own (it loads when the list comes near the viewport).
    expect(await screen.findAllByRole('heading', { level: 3 })).toHaveLength(5);
    for (let i = 0; i < items.length; i++) expect(question(i)).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps one item open at a time and closes the open item when it is clicked again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FaqSection title="FAQ" items={items} />);
    await screen.findAllByRole('heading', { level: 3 });
    await user.click(question(0));
    expect(question(0)).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(items[0]!.answer)).toBeVisible();

    await user.click(question(2));
    expect(question(2)).toHaveAttribute('aria-expanded', 'true');
    expect(question(0)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(1);

    await user.click(question(2));
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it('opens with the keyboard (Enter and Space on the focused question)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FaqSection title="FAQ" items={items} />);
    await screen.findAllByRole('heading', { level: 3 });
    await user.tab();
    expect(question(0)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(question(0)).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(question(0)).toHaveAttribute('aria-expanded', 'false');
  });
});
