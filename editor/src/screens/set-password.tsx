/**
 * Choosing a password from the one-time link (`/editor/set-password#token=...`: the token is in the
 * fragment, which never reaches a server log or a Referer). At least 12 characters, typed twice.
 */
import { useState, type FormEvent } from 'react';
import { Button, Card, CardText } from '@cardlift/shell/ui';
import { EDITOR_PATH } from '@cardlift/contracts';
import { ApiError } from '../api/editor-client';
import { useEditor } from '../editor-context';
import { EditorLink } from '../navigation';
import { AUTH_CARD_CLASS, fieldText, FormMessage, LabelledInput } from './auth-fields';

export const MIN_PASSWORD_LENGTH = 12;

const tokenFromHash = () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

function refusalMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 410) return 'This link has been used or has expired. Ask for a new one.';
  if (error instanceof ApiError) return error.message;
  return 'The server could not be reached. Check the connection and try again.';
}

export function SetPassword() {
  const { client, announce } = useEditor();
  const [token] = useState(tokenFromHash);
  const [message, setMessage] = useState<string | null>(token ? null : 'This page needs the link you were sent, with its token.');
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = fieldText(event.currentTarget, 'password');
    if (password.length < MIN_PASSWORD_LENGTH) return setMessage(`The password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
    if (password !== fieldText(event.currentTarget, 'confirm')) return setMessage('The two passwords are not the same.');
    try {
      await client.setPassword(token, password);
      setDone(true);
      announce('Password set. You can sign in now.');
    } catch (error) {
      setMessage(refusalMessage(error));
    }
  }

  return (
    <main id="main" className={AUTH_CARD_CLASS}>
      <Card>
        <h1 className="text-2xl font-semibold text-ink">Choose your password</h1>
        {done ? (
          <CardText>
            Your password is set.{' '}
            <EditorLink href={EDITOR_PATH} className="text-primary underline">
              Sign in
            </EditorLink>
          </CardText>
        ) : (
          <form noValidate onSubmit={submit} aria-describedby="set-password-hint set-password-message">
            <p id="set-password-hint" className="mt-2 text-sm text-muted">
              At least {MIN_PASSWORD_LENGTH} characters.
            </p>
            <LabelledInput
              id="password"
              name="password"
              label="New password"
              type="password"
              autoComplete="new-password"
              minLength={MIN_PASSWORD_LENGTH}
            />
            <LabelledInput id="confirm" name="confirm" label="Repeat the password" type="password" autoComplete="new-password" />
            <FormMessage id="set-password-message" message={message} />
            <Button type="submit" variant="brand" className="mt-6 w-full" disabled={!token}>
              Set password
            </Button>
          </form>
        )}
      </Card>
    </main>
  );
}
