/** The editor's store on PostgreSQL (DATABASE_URL): every api instance on the database shares it. */
import { inTransaction, openPostgresPool, type PostgresOptions } from '../platform/db-connections';
import { editorStoreOn, Unchanged, type EditorStore } from './editor-store';

export async function openPostgresEditorStore(url: string, options: PostgresOptions = {}): Promise<EditorStore> {
  const pool = await openPostgresPool(url, options);
  return editorStoreOn({
    kind: 'postgres',
    async query(sql, params) {
      return (await pool.query(sql, params)).rows;
    },
    async transaction(list) {
      try {
        await inTransaction(pool, async (client) => {
          for (const { sql, params, mustChange } of list) {
            if ((await client.query(sql, params)).rowCount === 0 && mustChange) throw new Unchanged();
          }
        });
        return true;
      } catch (error) {
        if (error instanceof Unchanged) return false;
        throw error;
      }
    },
    isUniqueViolation: (error) => (error as { code?: string }).code === '23505',
    close: () => pool.end(),
  });
}
