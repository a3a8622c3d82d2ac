/**
 * The mailed unlock link (`/editor/unlock#token=...`, the token in the fragment, which no log or
 * Referer carries): one press lifts the wait on sign-ins from this device's address.
 */
import { useState } from 'react';
import { Button, Card, CardText } from '@cardlift/shell/ui';
import { EDITOR_PATH } from '@cardlift/contracts';
import { ApiError } from '../api/editor-client';
import { useEditor } from '../editor-context';
import { EditorLink } from '../navigation';
import { AUTH_CARD_CLASS, FormMessage } from './auth-fields';

const tokenFromHash = () => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';

export function Unlock() {
  const { client, announce } = useEditor();
  const [token] = useState(tokenFromHash);
  const [message, setMessage] = useState<string | null>(token ? null : 'This page needs the link you were mailed, with its token.');
  const [done, setDone] = useState(false);

  async function unlock() {
    try {
      await client.unlock(token);
      setDone(true);
      announce('Unlocked. You can sign in now.');
    } catch (error) {
      setMessage(
        error instanceof ApiError && error.status === 410
          ? 'This link has been used or has expired. Wait for the delay to pass, or use "Forgot your password?".'
          : 'The server could not be reached. Check the connection and try again.',
      );
    }
  }

  return (
    <main id="main" className={AUTH_CARD_CLASS}>
      <Card>
        <h1 className="text-2xl font-semibold text-ink">Sign in without waiting</h1>
        {done ? (
          <CardText role="status">Sign-ins from this device no longer wait.</CardText>
        ) : (
          <>
            <CardText>Lift the wait on sign-ins to your account from this device, after wrong passwords were typed here.</CardText>
            <FormMessage id="unlock-message" message={message} />
            <Button variant="brand" className="mt-6 w-full" disabled={!token} onClick={unlock}>
              Lift the wait
            </Button>
          </>
        )}
        <p className="mt-4 text-center text-sm">
          <EditorLink href={EDITOR_PATH} className="text-primary underline">
            Sign in
          </EditorLink>
        </p>
      </Card>
    </main>
  );
}
