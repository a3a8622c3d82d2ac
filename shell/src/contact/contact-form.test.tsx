import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTACT_SUCCESS_MESSAGE, HONEYPOT_FIELD } from '@cardlift/contracts';
import { resetToasts, Toaster } from '@cardlift/shell/ui';
import { json, mockFetch, renderWithProviders } from '../../test/render-with-providers';
import { ContactForm } from './contact-form';

// Typing every field with user-event takes seconds on a busy 2-core machine.
jest.setTimeout(30_000);

const MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Please enter a valid email address',
  jobTitle: 'Job title is required',
  company: 'Company name is required',
  businessHelp: 'Please tell us how we can help',
};

function setup() {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <ContactForm />
      <Toaster />
    </>,
  );
  const field = (name: RegExp) => screen.getByRole('textbox', { name });
  return {
    user,
    firstName: field(/first name/i),
    lastName: field(/last name/i),
    email: field(/work email/i),
    jobTitle: field(/job title/i),
    company: field(/company/i),
    businessHelp: screen.getByRole('combobox', { name: 'How can we help?' }),
    agree: screen.getByRole('checkbox', { name: /product updates/i }),
    submit: () => user.click(screen.getByRole('button', { name: 'Submit' })),
  };
}

type Form = ReturnType<typeof setup>;

async function fillValid(form: Form) {
  const { user } = form;
  await user.type(form.firstName, 'Ada');
  await user.type(form.lastName, 'Lovelace');
  await user.type(form.email, 'ada@example.com');
  await user.type(form.jobTitle, 'CMO');
  await user.type(form.company, 'Analytical Engines');
  await user.click(form.businessHelp);
  await user.click(await screen.findByRole('option', { name: 'Talk to Sales' }));
}

const sentBody = (fetchMock: jest.Mock) => JSON.parse(String((fetchMock.mock.calls[0]?.[1] as RequestInit).body)) as unknown;

afterEach(() => act(() => resetToasts()));

describe('ContactForm validation', () => {
  it('shows every message on submit, linked to its field, and focuses the first invalid field', async () => {
    const form = setup();
    const fetchMock = mockFetch({});
    await form.submit();
    for (const message of Object.values(MESSAGES)) expect(await screen.findByText(message)).toBeInTheDocument();
    for (const [control, message] of [
      [form.firstName, MESSAGES.firstName],
      [form.email, MESSAGES.email],
      [form.businessHelp, MESSAGES.businessHelp],
    ] as const) {
      expect(control).toHaveAttribute('aria-invalid', 'true');
      expect(control).toHaveAccessibleDescription(message);
    }
    expect(form.firstName).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('6 fields need your attention.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not validate while typing before the first submit', async () => {
    const form = setup();
    await form.user.type(form.firstName, 'A');
    await form.user.clear(form.firstName);
    expect(screen.queryByText(MESSAGES.firstName)).not.toBeInTheDocument();
  });

  it('re-validates on change after a submit', async () => {
    const form = setup();
    await form.submit();
    await screen.findByText(MESSAGES.firstName);
    await form.user.type(form.firstName, 'A');
    expect(screen.queryByText(MESSAGES.firstName)).not.toBeInTheDocument();
    expect(form.firstName).not.toHaveAttribute('aria-invalid');
    await form.user.clear(form.firstName);
    expect(await screen.findByText(MESSAGES.firstName)).toBeInTheDocument();

    await form.user.type(form.email, 'not-an-email');
    expect(screen.getByText(MESSAGES.email)).toBeInTheDocument();
    await form.user.type(form.email, '@example.com');
    expect(screen.queryByText(MESSAGES.email)).not.toBeInTheDocument();

    await form.user.click(form.businessHelp);
    await form.user.click(await screen.findByRole('option', { name: 'Data & Insights' }));
    expect(screen.queryByText(MESSAGES.businessHelp)).not.toBeInTheDocument();
    expect(form.businessHelp).toHaveTextContent('Data & Insights');
  });

  it('refuses names made of spaces', async () => {
    const form = setup();
    await form.user.type(form.lastName, '   ');
    await form.submit();
    expect(await screen.findByText(MESSAGES.lastName)).toBeInTheDocument();
  });

  it('offers the six businessHelp options', async () => {
    const form = setup();
    await form.user.click(form.businessHelp);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Talk to Sales',
      'Customer Acquisition',
      'Retention Marketing',
      'Data & Insights',
      'Partnership Opportunities',
      'Other',
    ]);
  });

  it('has a honeypot that people and assistive technology never reach', () => {
    setup();
    const trap = document.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`);
    expect(trap).not.toBeNull();
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /leave this field empty/i })).not.toBeInTheDocument();
  });
});

describe('ContactForm submission', () => {
  it('sends exactly the schema fields (agreeToUpdates false by default), shows Submitting..., then resets and thanks', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = mockFetch({ '/api/contact': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const form = setup();
    await fillValid(form);
    await form.submit();
    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect(busy).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledWith('/api/contact', expect.objectContaining({ method: 'POST' }));
    expect(sentBody(fetchMock)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      jobTitle: 'CMO',
      company: 'Analytical Engines',
      businessHelp: 'demo-request',
      agreeToUpdates: false,
      // Nothing was recorded for this visit (see visit-attribution.test.ts).
      attribution: {},
    });
    await act(async () => answer(json({ id: 'lead-1', message: CONTACT_SUCCESS_MESSAGE }, 201)));
    // The product's words, stated here: a test importing the constant would pass whatever it said.
    // Told twice: in the notification, and in a confirmation that stays in the section and takes focus.
    const thanks = await screen.findAllByText("Thank you for your message! We'll get back to you soon.");
    expect(thanks.some((text) => text.closest('li'))).toBe(true);
    const confirmation = thanks.find((text) => !text.closest('li'))?.closest('[role="status"]');
    expect(confirmation).toHaveTextContent('Message sent');
    expect(confirmation).toHaveFocus();
    expect(form.firstName).toHaveValue('');
    expect(form.company).toHaveValue('');
    expect(form.businessHelp).toHaveTextContent('Select an option');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('sends trimmed values, agreeToUpdates true when ticked, and the honeypot only when filled', async () => {
    const fetchMock = mockFetch({ '/api/contact': () => json({ id: 'x', message: 'ok' }, 201) });
    const form = setup();
    await fillValid(form);
    await form.user.type(form.jobTitle, '  ');
    await form.user.click(form.agree);
    const trap = document.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`)!;
    trap.value = 'https://spam.example';
    await form.submit();
    await screen.findAllByText("Thank you for your message! We'll get back to you soon.");
    expect(sentBody(fetchMock)).toMatchObject({ jobTitle: 'CMO', agreeToUpdates: true, [HONEYPOT_FIELD]: 'https://spam.example' });
  });

  it.each([
    [
      'the server’s error text',
      () => json({ error: 'Please wait a minute before sending another message' }, 429),
      'Please wait a minute before sending another message',
    ],
    ['Failed to submit form when the body has no error', () => json({}, 500), 'Failed to submit form'],
    [
      'Failed to submit form when the body is not JSON',
      () => new Response('<html>Bad gateway</html>', { status: 502 }),
      'Failed to submit form',
    ],
    [
      'the generic sentence when no answer came',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'There was an error submitting your form. Please try again.',
    ],
  ])('shows %s, logs the error and keeps the entries', async (_case, respond, message) => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ '/api/contact': respond });
    const form = setup();
    await fillValid(form);
    await form.submit();
    const alertText = await screen.findByText(message);
    expect(within(alertText.closest('li')!).getByText('Something went wrong')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
    expect(form.firstName).toHaveValue('Ada');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    consoleError.mockRestore();
  });

  it('says in the form that nothing was sent, with the sales address, when no origin could take it', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // What the shipped cache answers for a JSON post while every origin is down.
    const unavailable = 'We could not take your message: the site cannot store it right now, so nothing was sent.';
    mockFetch({ '/api/contact': () => json({ code: 'origin_unavailable', error: unavailable }, 503) });
    const form = setup();
    await fillValid(form);
    await form.submit();
    const inForm = await screen.findByText(/^Your message was not sent\./);
    expect(inForm).toHaveAttribute('role', 'alert');
    expect(inForm).toHaveTextContent(unavailable);
    expect(inForm).toHaveTextContent('sales@cardlift.example');
    expect(form.firstName).toHaveValue('Ada');
    // A refusal the entries explain says nothing of the kind.
    mockFetch({ '/api/contact': () => json({ error: 'Please wait a minute before sending another message' }, 429) });
    await form.submit();
    await waitFor(() => expect(screen.queryByText(/^Your message was not sent\./)).not.toBeInTheDocument());
    consoleError.mockRestore();
  });

  it('keeps one notification at a time', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ '/api/contact': () => json({ error: 'First failure' }, 400) });
    const form = setup();
    await fillValid(form);
    await form.submit();
    await screen.findByText('First failure');
    mockFetch({ '/api/contact': () => json({ error: 'Second failure' }, 400) });
    await form.submit();
    await screen.findByText('Second failure');
    await waitFor(() => expect(screen.queryByText('First failure')).not.toBeInTheDocument());
    consoleError.mockRestore();
  });
});
