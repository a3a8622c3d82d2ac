/**
 * Who else has a content item open in the editor. Each open item screen says "here" every few
 * seconds (PRESENCE_REFRESH_MS, in the contracts) and is answered with the other people on the same
 * item, since when; leaving says so. Rows live in the database every instance shares, so two people
 * on two instances see each other. Nothing is locked: a stale write is refused anyway (409).
 */
import { PRESENCE_REFRESH_MS, type ContentKind, type PresenceEntry } from '@cardlift/contracts';
import type { EditorStore } from './editor-store';

/** A screen not heard from for this long has gone (a closed laptop, a lost connection). */
export const PRESENCE_GONE_MS = PRESENCE_REFRESH_MS * 3;

const HERE = `
  INSERT INTO editor_presence (kind, item_id, email, since, seen_at) VALUES ($1, $2, $3, $4, $4)
  ON CONFLICT (kind, item_id, email) DO UPDATE SET
    since = CASE WHEN editor_presence.seen_at < $5 THEN excluded.since ELSE editor_presence.since END,
    seen_at = excluded.seen_at`;

export class EditorPresence {
  constructor(
    private readonly store: () => Promise<EditorStore>,
    private readonly clock: () => Date,
  ) {}

  /** Records `email` on the item now and answers the others there, longest first. */
  async here(kind: ContentKind, itemId: string, email: string): Promise<PresenceEntry[]> {
    const { sql } = await this.store();
    const now = this.clock();
    const gone = new Date(now.getTime() - PRESENCE_GONE_MS).toISOString();
    await sql.transaction([
      { sql: 'DELETE FROM editor_presence WHERE seen_at < $1', params: [gone] },
      { sql: HERE, params: [kind, itemId, email, now.toISOString(), gone] },
    ]);
    return sql.query<PresenceEntry>(
      'SELECT email, since FROM editor_presence WHERE kind = $1 AND item_id = $2 AND email <> $3 ORDER BY since, email',
      [kind, itemId, email],
    );
  }

  async leave(kind: ContentKind, itemId: string, email: string): Promise<void> {
    const { sql } = await this.store();
    await sql.transaction([
      { sql: 'DELETE FROM editor_presence WHERE kind = $1 AND item_id = $2 AND email = $3', params: [kind, itemId, email] },
    ]);
  }
}
