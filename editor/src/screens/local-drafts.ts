/**
 * Unsaved edits kept in this browser (localStorage), per person and item, so a crash, a closed tab
 * or a lost session loses nothing: written as the person types, removed once saved, and offered back
 * when the item is opened again. Each keeps the revision it was based on, so saving it later is
 * refused (409, with the comparison) if someone saved a newer one meanwhile.
 */
import type { ContentKind } from '@cardlift/contracts';

export interface LocalDraft {
  values: unknown;
  /** The revision the edits started from; null for a new item. */
  base: number | null;
  savedAt: string;
}

const PREFIX = 'cardlift-editor-draft';
const keyOf = (email: string, kind: ContentKind, id: string | null) => `${PREFIX}:${email}:${kind}/${id ?? 'new'}`;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function readDraft(email: string, kind: ContentKind, id: string | null): LocalDraft | undefined {
  const raw = storage()?.getItem(keyOf(email, kind, id));
  if (!raw) return undefined;
  try {
    const draft = JSON.parse(raw) as LocalDraft;
    return draft && typeof draft === 'object' && 'values' in draft ? draft : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(email: string, kind: ContentKind, id: string | null, values: unknown, base: number | null): void {
  try {
    storage()?.setItem(keyOf(email, kind, id), JSON.stringify({ values, base, savedAt: new Date().toISOString() } satisfies LocalDraft));
  } catch {
    // A full or disabled storage: the leave prompt still guards the edits.
  }
}

export function dropDraft(email: string, kind: ContentKind, id: string | null): void {
  storage()?.removeItem(keyOf(email, kind, id));
}
