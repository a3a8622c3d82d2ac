/**
 * The form as the server draws it, before and without its code: a real form that posts, whose
 * "How can we help?" is the browser's own select, and which after a refused post shows each message
 * beside its field with what was typed. Hydrated later, it keeps what the visitor typed meanwhile.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { MemoryRouter } from 'react-router';
import { renderToString } from 'react-dom/server';
import type { ContactFormState } from '@cardlift/contracts';
import { json, mockFetch } from '../../test/render-with-providers';
import { createQueryClient } from '../ui/query-client';
import { ContactForm } from './contact-form';

jest.setTimeout(30_000);

function tree(state?: ContactFormState) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <JotaiProvider store={createStore()}>
        <MemoryRouter initialEntries={['/products/offers-api']}>
          <ContactForm state={state} />
        </MemoryRouter>
      </JotaiProvider>
    </QueryClientProvider>
  );
}

/** The server's HTML, in a page of its own (as the browser has it before any script). */
function serverPage(state?: ContactFormState): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree(state));
  document.body.replaceChildren(container);
  return container;
}

const TYPED = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  jobTitle: 'CMO',
  company: 'Analytical Engines',
  businessHelp: 'data-insights',
};

const control = (container: HTMLElement, name: string) =>
  container.querySelector<HTMLInputElement & HTMLSelectElement>(`[name="${name}"]`)!;

describe('the contact form in the server HTML', () => {
  it('is a form that posts to its own page with labelled native controls, the six choices and the honeypot', () => {
    const container = serverPage();
    const form = screen.getByRole('form', { name: 'Talk to Sales' });
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/products/offers-api');
    expect(form).toHaveAttribute('id', 'talk-to-sales-form');
    for (const [label, name] of [
      ['First name', 'firstName'],
      ['Last name', 'lastName'],
      ['Work email', 'email'],
      ['Job title', 'jobTitle'],
      ['Company', 'company'],
      ['How can we help?', 'businessHelp'],
    ] as const) {
      expect(screen.getByLabelText(label)).toBe(control(container, name));
    }
    const select = screen.getByLabelText('How can we help?');
    expect(select.tagName).toBe('SELECT');
    expect([...(select as HTMLSelectElement).options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Select an option'],
      ['demo-request', 'Talk to Sales'],
      ['customer-acquisition', 'Customer Acquisition'],
      ['retention-marketing', 'Retention Marketing'],
      ['data-insights', 'Data & Insights'],
      ['partnership-opportunities', 'Partnership Opportunities'],
      ['other', 'Other'],
    ]);
    expect(screen.getByRole('checkbox', { name: /product updates/i })).toHaveAttribute('name', 'agreeToUpdates');
    expect(control(container, 'website')).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveAttribute('type', 'submit');
  });

  it('after a refused post, keeps every entry and shows each message beside its field', () => {
    const container = serverPage({
      status: 'invalid',
      entries: { firstName: 'Ada', lastName: '', email: 'ada@', jobTitle: 'CMO', company: '', businessHelp: '', agreeToUpdates: true },
      errors: {
        lastName: 'Last name is required',
        email: 'Please enter a valid email address',
        businessHelp: 'Please tell us how we can help',
      },
      formError: 'Too many submissions. Please try again in a minute.',
    });
    expect(control(container, 'firstName')).toHaveValue('Ada');
    expect(control(container, 'email')).toHaveValue('ada@');
    expect(control(container, 'jobTitle')).toHaveValue('CMO');
    expect(screen.getByRole('checkbox', { name: /product updates/i })).toBeChecked();
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Last name is required');
    expect(screen.getByLabelText('Work email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('How can we help?')).toHaveAccessibleDescription('Please tell us how we can help');
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('Too many submissions. Please try again in a minute.');
  });

  it('thanks the visitor once the lead is stored', () => {
    serverPage({ status: 'sent' });
    expect(screen.getByText("Thank you for your message! We'll get back to you soon.")).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Talk to Sales' })).toBeInTheDocument();
  });

  it('keeps what was typed and chosen before it hydrated, and sends it', async () => {
    const fetchMock = mockFetch({ '/api/contact': () => json({ id: 'lead-1', message: 'ok' }, 201) });
    const container = serverPage();
    // Typed while the code was on its way: the page's own controls hold it.
    for (const [name, value] of Object.entries(TYPED)) control(container, name).value = value;
    await act(async () => {
      render(tree(), { container, hydrate: true });
    });
    // Hydrated: the styled select has replaced the browser's, showing the choice made before.
    const help = await screen.findByRole('combobox', { name: 'How can we help?' });
    await waitFor(() => expect(help.tagName).toBe('BUTTON'));
    expect(help).toHaveTextContent('Data & Insights');
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String((fetchMock.mock.calls[0]?.[1] as RequestInit).body))).toMatchObject({ ...TYPED, agreeToUpdates: false });
  });
});
