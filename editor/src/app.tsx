/**
 * The editor: who is signed in decides between the sign-in screen and the content screens; the
 * screens reached from a link (set a password, forgot password, unlock) need nobody signed in. A
 * session that ends while a screen is open (expired, or ended elsewhere) asks to sign in again over
 * that screen, so the form keeps what was typed.
 */
import { useEffect, useState } from 'react';
import { Button } from '@cardlift/shell/ui';
import { EDITOR_PATH } from '@cardlift/contracts';
import type { Session } from './api/editor-client';
import { useEditor } from './editor-context';
import { EditorLink, LeaveDialog, leaveThen, navigate, routeOf, usePathname } from './navigation';
import { Dashboard } from './screens/dashboard';
import { ExperimentsScreen } from './screens/experiments-screen';
import { ForgotPassword } from './screens/forgot-password';
import { ItemScreen } from './screens/item-screen';
import { SessionEnded } from './screens/session-ended';
import { SetPassword } from './screens/set-password';
import { SignIn } from './screens/sign-in';
import { Unlock } from './screens/unlock';

type SessionState = { checked: false } | { checked: true; session: Session | null; error?: string };

function Header({ session, onSignedOut }: { session: Session; onSignedOut(): void }) {
  const { client, announce } = useEditor();
  const [failed, setFailed] = useState(false);
  async function signOut() {
    try {
      await client.signOut();
      announce('Signed out.');
      onSignedOut();
    } catch {
      setFailed(true);
      announce('Signing out failed. Try again.');
    }
  }
  return (
    <header className="border-b border-line bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
        <EditorLink href={EDITOR_PATH} className="font-semibold text-primary">
          Cardlift content editor
        </EditorLink>
        <div className="flex min-w-0 flex-wrap items-center gap-3 text-sm text-muted">
          <span className="min-w-0 break-all">
            {session.user.email} ({session.user.role})
          </span>
          <Button variant="outline" size="sm" onClick={() => leaveThen(() => void signOut())}>
            Sign out
          </Button>
          {failed && <span className="font-medium text-red-700">Signing out failed: try again.</span>}
        </div>
      </div>
    </header>
  );
}

export function App() {
  const { client } = useEditor();
  const pathname = usePathname();
  const route = routeOf(pathname);
  const [state, setState] = useState<SessionState>({ checked: false });
  const [ended, setEnded] = useState(false);

  useEffect(() => {
    client.onSessionEnded = () => setEnded(true);
    client.currentSession().then(
      (session) => setState({ checked: true, session }),
      () => setState({ checked: true, session: null, error: 'The server could not be reached. Reload the page to try again.' }),
    );
    return () => {
      client.onSessionEnded = undefined;
    };
  }, [client]);

  if (route.screen === 'set-password') return <SetPassword />;
  if (route.screen === 'forgot-password') return <ForgotPassword />;
  if (route.screen === 'unlock') return <Unlock />;
  if (!state.checked) return <p className="p-8 text-muted">Loading…</p>;
  if (!state.session) {
    return (
      <>
        {state.error && (
          <p role="alert" className="p-4 text-center font-medium text-red-700">
            {state.error}
          </p>
        )}
        <SignIn onSignedIn={(session) => setState({ checked: true, session })} />
      </>
    );
  }
  const session = state.session;
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <Header
        session={session}
        onSignedOut={() => {
          setState({ checked: true, session: null });
          navigate(EDITOR_PATH, { replace: true });
        }}
      />
      <main id="main" className="mx-auto max-w-5xl px-4 py-8">
        {route.screen === 'home' && <Dashboard />}
        {route.screen === 'experiments' && <ExperimentsScreen canPublish={session.user.role === 'publisher'} />}
        {route.screen === 'item' && <ItemScreen key={`${route.kind}/${route.id}`} kind={route.kind} id={route.id} session={session} />}
        {route.screen === 'not-found' && (
          <>
            <h1 className="text-3xl font-semibold text-ink">Page not found</h1>
            <EditorLink href={EDITOR_PATH} className="mt-4 inline-block text-primary underline">
              Back to the content
            </EditorLink>
          </>
        )}
      </main>
      <LeaveDialog />
      {ended && (
        <SessionEnded
          email={session.user.email}
          onSignedIn={(next) => {
            setEnded(false);
            setState({ checked: true, session: next });
          }}
        />
      )}
    </>
  );
}
