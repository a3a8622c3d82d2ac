/**
 * "Forgot your password?": the address gets a one-time link valid 30 minutes, if it has an account
 * and the site can send mail. The answer is the same for any address (it tells nobody who has an
 * account); a site without mail says to ask the person who runs it for a link.
 */
import { useState, type FormEvent } from 'react';
import { Button, Card, CardText } from '@cardlift/shell/ui';
import { EDITOR_PATH } from '@cardlift/contracts';
import { useEditor } from '../editor-context';
import { EditorLink } from '../navigation';
import { AUTH_CARD_CLASS, fieldText, FormMessage, LabelledInput } from './auth-fields';
import { signInMessage } from './sign-in';

export function ForgotPassword() {
  const { client, announce } = useEditor();
  const [message, setMessage] = useState<string | null>(null);
  const [sent, setSent] = useState<{ mail: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = fieldText(event.currentTarget, 'email').trim();
    if (!email) return setMessage('Enter the e-mail address of your account.');
    setBusy(true);
    try {
      const answer = await client.forgotPassword(email);
      setSent(answer);
      announce(answer.mail ? 'If that address has an account, a link is on its way.' : 'This site cannot send mail.');
    } catch (error) {
      setMessage(signInMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id="main" className={AUTH_CARD_CLASS}>
      <Card>
        <h1 className="text-2xl font-semibold text-ink">Forgot your password?</h1>
        {sent ? (
          <CardText role="status">
            {sent.mail
              ? 'If that address has an editor account, a link to choose a new password is on its way. It works once, within 30 minutes; using it signs the account out everywhere.'
              : 'This site cannot send mail. Ask the person who runs it for a link: they make one with npm run editors -- reset <your e-mail>.'}
          </CardText>
        ) : (
          <form noValidate onSubmit={submit} aria-describedby="forgot-message">
            <p className="mt-2 text-sm text-muted">We send a link to choose a new password.</p>
            <LabelledInput id="email" name="email" label="E-mail" type="email" autoComplete="username" required />
            <FormMessage id="forgot-message" message={message} />
            <Button type="submit" variant="brand" className="mt-6 w-full" disabled={busy}>
              Send the link
            </Button>
          </form>
        )}
        <p className="mt-4 text-center text-sm">
          <EditorLink href={EDITOR_PATH} className="text-primary underline">
            Back to sign-in
          </EditorLink>
        </p>
      </Card>
    </main>
  );
}
