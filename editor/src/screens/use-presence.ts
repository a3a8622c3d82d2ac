/**
 * Who else has this item open, asked every PRESENCE_REFRESH_MS while the screen is shown (and said
 * "left" when it closes), so a note appears in the other person's screen within seconds. Each answer
 * also says where the item stands, so a publish, schedule or unpublish by someone else shows too.
 */
import { useEffect, useState } from 'react';
import { PRESENCE_REFRESH_MS, type ContentItemState, type ContentKind, type PresenceEntry } from '@cardlift/contracts';
import { useEditor } from '../editor-context';

export function usePresence(kind: ContentKind, id: string | null): { others: PresenceEntry[]; item: ContentItemState | null } {
  const { client } = useEditor();
  const [others, setOthers] = useState<PresenceEntry[]>([]);
  const [item, setItem] = useState<ContentItemState | null>(null);
  useEffect(() => {
    if (id === null) return;
    let open = true;
    const ask = () =>
      client.present(kind, id).then(
        (answer) => {
          if (!open) return;
          setOthers(answer.others);
          setItem(answer.item ?? null);
        },
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
  return { others, item };
}
