/**
 * "Your session ended: sign in again", over the screen the person was on: the form behind keeps
 * everything typed, and once signed in they press Save again. A modal <dialog>: the keyboard stays in it.
 */
import { useEffect, useRef } from 'react';
import { SESSION_ENDED } from '@cardlift/contracts';
import type { Session } from '../api/editor-client';
import { SignInForm } from './sign-in';

export function SessionEnded({ email, onSignedIn }: { email: string; onSignedIn(session: Session): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open && typeof dialog.showModal === 'function') dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="session-ended-title"
      // Escape would leave a screen whose every save fails: signing in is the way on.
      onCancel={(event) => event.preventDefault()}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-line bg-white p-5 text-ink shadow-xl backdrop:bg-black/40"
    >
      <h2 id="session-ended-title" role="alert" className="text-lg font-semibold text-red-700">
        {SESSION_ENDED}
      </h2>
      <p className="mt-2 text-sm text-ink">Your unsaved changes are still in the form behind this box. Sign in, then save them.</p>
      <SignInForm email={email} onSignedIn={onSignedIn} />
    </dialog>
  );
}
