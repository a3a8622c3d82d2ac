/**
 * Who else has this item open, asked every PRESENCE_REFRESH_MS while the screen is shown (and said
 * "left" when it closes), so a note appears in the other person's screen within seconds.
 */
import { useEffect, useState } from 'react';
import { PRESENCE_REFRESH_MS, type ContentKind, type PresenceEntry } from '@cardlift/contracts';
import { useEditor } from '../editor-context';

export function usePresence(kind: ContentKind, id: string | null): PresenceEntry[] {
  const { client } = useEditor();
  const [others, setOthers] = useState<PresenceEntry[]>([]);
  useEffect(() => {
    if (id === null) return;
    let open = true;
    const ask = () =>
      client.present(kind, id).then(
        (entries) => open && setOthers(entries),
        () => undefined,
      );
    void ask();
    const timer = window.setInterval(ask, PRESENCE_REFRESH_MS);
    const leave = () => void client.leave(kind, id).catch(() => undefined);
    window.addEventListener('pagehide', leave);
    return () => {
      open = false;
      window.clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [client, kind, id]);
  return others;
}
