/** What a person reads when signing in fails: wrong credentials (401) or too many wrong passwords from here (429). */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorClient } from '../api/editor-client';
import { EditorProvider } from '../editor-context';
import { SignIn } from './sign-in';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function signInWith(response: Response) {
  const fetchMock = jest.fn(async () => response);
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  const onSignedIn = jest.fn();
  render(
    <EditorProvider client={new EditorClient()}>
      <SignIn onSignedIn={onSignedIn} />
    </EditorProvider>,
  );
  return { fetchMock, onSignedIn };
}

async function submit(email = 'ana@cardlift.example', password = 'a long password') {
  if (email) await userEvent.type(screen.getByLabelText('E-mail'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

it('says the e-mail and password do not match on a 401', async () => {
  const { onSignedIn } = signInWith(answer(401, { error: 'Wrong e-mail or password', code: 'invalid_credentials' }));
  await submit();
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('That e-mail and password do not match an editor account.'));
  expect(onSignedIn).not.toHaveBeenCalled();
});

it('says how long to wait on a 429, and where to go instead', async () => {
  signInWith(answer(429, { error: 'Too many wrong passwords', code: 'too_many_attempts' }, { 'Retry-After': '840' }));
  await submit();
  await waitFor(() =>
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Too many wrong passwords from here: try again in 14 minutes, or use "Forgot your password?".',
    ),
  );
});

it('signs in, sends the e-mail and password as JSON, and keeps the CSRF token for writes', async () => {
  const { fetchMock, onSignedIn } = signInWith(
    answer(200, { user: { email: 'ana@cardlift.example', role: 'publisher' }, csrfToken: 't0k' }),
  );
  await submit();
  await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
  expect(onSignedIn).toHaveBeenCalledWith({ user: { email: 'ana@cardlift.example', role: 'publisher' }, csrfToken: 't0k' });
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('/api/editor/session');
  expect(JSON.parse(String(init.body))).toEqual({ email: 'ana@cardlift.example', password: 'a long password' });
  expect((init.headers as Record<string, string>)['X-CSRF-Token']).toBe('');
  expect(screen.getByRole('status')).toHaveTextContent('Signed in as ana@cardlift.example.');
});

it('asks for both fields before sending anything', async () => {
  const { fetchMock } = signInWith(answer(200, {}));
  await submit('', '');
  expect(screen.getByRole('alert')).toHaveTextContent('Enter your e-mail and your password.');
  expect(fetchMock).not.toHaveBeenCalled();
});
