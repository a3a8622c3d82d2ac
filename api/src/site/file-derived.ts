import fs from 'node:fs';

const derived = new Map<string, { key: string; value: unknown }>();

/**
 * A value computed from build files, recomputed only when one of them changes (a rebuild, a release),
 * so serving a page costs a stat per file, not a read and a parse. No restart is ever needed.
 * `purpose` tells apart two values derived from the same files.
 */
export function derivedFromFiles<T>(files: readonly string[], compute: () => T, purpose = ''): T {
  const id = `${purpose}\0${files.join('\0')}`;
  const key = files.map((f) => fs.statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? 'missing').join(':');
  const hit = derived.get(id);
  if (hit?.key === key) return hit.value as T;
  const value = compute();
  derived.set(id, { key, value });
  return value;
}
