/**
 * What every screen of the editor reaches: the api client (holding the session's CSRF token) and
 * the announcer, which says an outcome in the page's one polite live region.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { EditorClient } from './api/editor-client';

interface EditorContextValue {
  client: EditorClient;
  announce(message: string): void;
}

const EditorContext = createContext<EditorContextValue | null>(null);

export function EditorProvider({ client, children }: { client: EditorClient; children: ReactNode }) {
  const [message, setMessage] = useState({ text: '', count: 0 });
  // The count makes a repeated message ("Draft saved", twice) a change the live region announces again.
  const announce = useCallback((text: string) => setMessage((m) => ({ text, count: m.count + 1 })), []);
  const value = useMemo(() => ({ client, announce }), [client, announce]);
  return (
    <EditorContext.Provider value={value}>
      {children}
      <div role="status" aria-live="polite" className="sr-only" data-count={message.count}>
        {message.text}
      </div>
    </EditorContext.Provider>
  );
}

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor() needs an <EditorProvider>');
  return value;
}
