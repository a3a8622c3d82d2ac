/**
 * Sign-in with e-mail and password. The api answers one 401 whether the e-mail exists or not, and
 * 429 (with Retry-After) while this e-mail must wait after wrong passwords from this address.
 * "Forgot your password?" leads to a mailed link.
 */
import { useState, type FormEvent } from 'react';
import { Button, Card } from '@cardlift/shell/ui';
import { EDITOR_PATH } from '@cardlift/contracts';
import { ApiError, type Session } from '../api/editor-client';
import { useEditor } from '../editor-context';
import { EditorLink } from '../navigation';
import { AUTH_CARD_CLASS, fieldText, FormMessage, LabelledInput } from './auth-fields';

export function signInMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'The server could not be reached. Check the connection and try again.';
  if (error.status === 401) return 'That e-mail and password do not match an editor account. Check both and try again.';
  if (error.status === 429) {
    const seconds = error.retryAfterSeconds ?? 60;
    const wait = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
    return `Too many wrong passwords from here: try again in ${wait}, or use "Forgot your password?".`;
  }
  if (error.status === 400) return error.message;
  return `Signing in failed (${error.message}). Try again in a moment.`;
}

/** The e-mail and password fields and their button, for the sign-in screen and for signing in again. */
export function SignInForm({ onSignedIn, email = '' }: { onSignedIn(session: Session): void; email?: string }) {
  const { client, announce } = useEditor();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = fieldText(event.currentTarget, 'email').trim();
    const password = fieldText(event.currentTarget, 'password');
    if (!typed || !password) return setMessage('Enter your e-mail and your password.');
    setBusy(true);
    setMessage(null);
    try {
      const session = await client.signIn(typed, password);
      announce(`Signed in as ${session.user.email}.`);
      onSignedIn(session);
    } catch (error) {
      setMessage(signInMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-describedby="sign-in-message">
      <LabelledInput id="email" name="email" label="E-mail" type="email" autoComplete="username" required defaultValue={email} />
      <LabelledInput id="password" name="password" label="Password" type="password" autoComplete="current-password" required />
      <FormMessage id="sign-in-message" message={message} />
      <Button type="submit" variant="brand" className="mt-6 w-full" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}

export function SignIn({ onSignedIn }: { onSignedIn(session: Session): void }) {
  return (
    <main id="main" className={AUTH_CARD_CLASS}>
      <Card>
        <h1 className="text-2xl font-semibold text-ink">Sign in to the content editor</h1>
        <SignInForm onSignedIn={onSignedIn} />
        <p className="mt-4 text-center text-sm">
          <EditorLink href={`${EDITOR_PATH}/forgot-password`} className="text-primary underline">
            Forgot your password?
          </EditorLink>
        </p>
      </Card>
    </main>
  );
}
