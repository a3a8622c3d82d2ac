/**
 * Sign-in with e-mail and password. The api answers the same 401 whether the e-mail exists or not,
 * and 423 while an account is locked after repeated failures (with Retry-After).
 */
import { useState, type FormEvent } from 'react';
import { Button, Card } from '@cardlift/shell/ui';
import { ApiError, type Session } from '../api/editor-client';
import { useEditor } from '../editor-context';
import { AUTH_CARD_CLASS, fieldText, FormMessage, LabelledInput } from './auth-fields';

export function signInMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'The server could not be reached. Check the connection and try again.';
  if (error.status === 401) return 'That e-mail and password do not match an editor account. Check both and try again.';
  if (error.status === 423) {
    const minutes = error.retryAfterSeconds ? Math.ceil(error.retryAfterSeconds / 60) : 15;
    return `Too many failed attempts: this account is locked. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  }
  if (error.status === 400) return error.message;
  return `Signing in failed (${error.message}). Try again in a moment.`;
}

export function SignIn({ onSignedIn }: { onSignedIn(session: Session): void }) {
  const { client, announce } = useEditor();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = fieldText(event.currentTarget, 'email').trim();
    const password = fieldText(event.currentTarget, 'password');
    if (!email || !password) return setMessage('Enter your e-mail and your password.');
    setBusy(true);
    setMessage(null);
    try {
      const session = await client.signIn(email, password);
      announce(`Signed in as ${session.user.email}.`);
      onSignedIn(session);
    } catch (error) {
      setMessage(signInMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id="main" className={AUTH_CARD_CLASS}>
      <Card>
        <h1 className="text-2xl font-semibold text-ink">Sign in to the content editor</h1>
        <form noValidate onSubmit={submit} aria-describedby="sign-in-message">
          <LabelledInput id="email" name="email" label="E-mail" type="email" autoComplete="username" required />
          <LabelledInput id="password" name="password" label="Password" type="password" autoComplete="current-password" required />
          <FormMessage id="sign-in-message" message={message} />
          <Button type="submit" variant="brand" className="mt-6 w-full" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </Button>
        </form>
      </Card>
    </main>
  );
}
