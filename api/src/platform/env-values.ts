/**
 * Readers of one setting from the environment, each refusing a value that is not what it must be
 * with a message naming the variable (the start stops there).
 */

export function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** A positive integer setting that may be lowered but never raised past `max` (a slow client's hold on a socket). */
export function bounded(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const value = int(env, name, fallback);
  if (value === 0 || value > max) throw new Error(`${name} must be between 1 and ${max}, got "${env[name]}"`);
  return value;
}

/** A share from 0 to 1. */
export function fraction(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1) throw new Error(`${name} must be a number from 0 to 1, got "${raw}"`);
  return value;
}
