/**
 * The state of an item being edited: the revision its form is based on, whether the form holds
 * changes not saved yet (compared with the saved content, whatever the form started from), and the
 * copy of those changes kept in the browser as the person types (local-drafts.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { contentChanges, type ContentKind } from '@cardlift/contracts';
import { cleanValue, emptyValue, kindJsonSchema } from '../form/json-schema';
import { validateItem } from '../form/validate-item';
import { dropDraft, writeDraft } from './local-drafts';

/**
 * How long typing may pause before the browser's copy is written. A tab closed sooner writes it as it
 * goes (pagehide, beforeunload): timers do not run once the page is unloading.
 */
const KEEP_AFTER_MS = 400;

const structuredCopy = (value: unknown): unknown => (value === null ? null : JSON.parse(JSON.stringify(value)));

export function useItemEditing(kind: ContentKind, email: string) {
  const schema = kindJsonSchema(kind);
  /** The saved content the form is compared with; a new item's is the empty form. */
  const saved = useRef<unknown>(cleanValue(schema, emptyValue(schema)));
  const draftId = useRef<string | null>(null);
  const base = useRef<number | null>(null);
  const values = useRef<unknown>(undefined);
  const timer = useRef<number | undefined>(undefined);
  /** The browser's copy waiting for its timer: written at once if the page goes first. */
  const keep = useRef<(() => void) | null>(null);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    const now = () => {
      window.clearTimeout(timer.current);
      keep.current?.();
      keep.current = null;
    };
    window.addEventListener('pagehide', now);
    window.addEventListener('beforeunload', now);
    return () => {
      window.removeEventListener('pagehide', now);
      window.removeEventListener('beforeunload', now);
      now();
    };
  }, []);

  /**
   * The form's values as a save would store them: the schema's own output (trimmed, defaults filled,
   * fields the kind does not have left out), so after a save the form compares equal to what the
   * server kept. Values the schema refuses cannot be saved as they are; they are compared cleaned.
   */
  const asStored = (raw: unknown) => {
    const checked = validateItem(kind, raw);
    return checked.ok ? checked.item : cleanValue(schema, raw);
  };
  const differs = (raw: unknown) => contentChanges(saved.current, asStored(raw)).length > 0;

  /** The form's values changed: dirty or not, and the browser's copy follows. */
  const edited = useCallback(
    (raw: unknown) => {
      values.current = raw;
      const now = differs(raw);
      setDirty(now);
      window.clearTimeout(timer.current);
      keep.current = () => {
        if (now) writeDraft(email, kind, draftId.current, raw, base.current);
        else dropDraft(email, kind, draftId.current);
      };
      timer.current = window.setTimeout(() => {
        keep.current?.();
        keep.current = null;
      }, KEEP_AFTER_MS);
    },
    // `differs` reads refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [email, kind],
  );

  /** What the form is now based on: a saved revision (its id, number and content). */
  const basedOn = useCallback(
    (next: { id: string | null; revision: number | null; content: unknown }) => {
      if (draftId.current !== next.id && next.id !== null) dropDraft(email, kind, draftId.current);
      draftId.current = next.id;
      base.current = next.revision;
      // A copy: the form is drawn from the same object, and a control may change its nested values in place.
      saved.current = next.content === undefined ? cleanValue(schema, emptyValue(schema)) : structuredCopy(next.content);
      // Before the form has reported any values (the screen just opened), a kept copy stays: it is offered back.
      if (values.current === undefined) return;
      const now = differs(values.current);
      setDirty(now);
      window.clearTimeout(timer.current);
      keep.current = null;
      if (!now) dropDraft(email, kind, next.id);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [email, kind],
  );

  return { dirty, base, values, edited, basedOn, differs };
}
