/**
 * The canary guard's settings, read once with the rest of the configuration (platform/config.ts).
 */
import { REMOTE_NAMES, type RemoteName } from '@cardlift/contracts';
import { bounded, fraction, int } from '../../platform/env-values';

/** Shares a canary steps through (the last 100), or 'manual': a person promotes each step. */
export type CanarySteps = readonly number[] | 'manual';

export interface CanarySettingsConfig {
  /** Page views each side needs before the guard judges (CANARY_MIN_VIEWS). */
  minViews: number;
  /** Distinct clients (networks) each side's views must come from before the guard judges (CANARY_MIN_CLIENTS). */
  minClients: number;
  /** The most of a side's views, or of its views with errors or failed loads, one client may make up (CANARY_MAX_CLIENT_SHARE). */
  maxClientShare: number;
  /** How long a share stays healthy before the next step (CANARY_BAKE_MS). */
  bakeMs: number;
  /** How long a share may be held for want of trustworthy evidence before a person is asked (CANARY_MAX_HOLD). */
  maxHoldMs: number;
  /** How often every instance's guard looks (CANARY_GUARD_INTERVAL_MS). */
  intervalMs: number;
  /** CANARY_STEPS, and CANARY_STEPS_<REMOTE> per remote where set. */
  steps: CanarySteps;
  stepsFor: Partial<Record<RemoteName, CanarySteps>>;
}

function canarySteps(env: NodeJS.ProcessEnv, name: string): CanarySteps | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (raw === 'manual') return 'manual';
  const steps = raw.split(',').map((part) => Number(part.trim()));
  const ordered = steps.every((step, i) => Number.isInteger(step) && step >= 1 && step <= 100 && (i === 0 || step > steps[i - 1]!));
  if (!ordered || steps.at(-1) !== 100)
    throw new Error(`${name} must be "manual" or rising percentages ending in 100 such as "10,50,100", got "${raw}"`);
  return steps;
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** A duration such as "2h", "90m", "30s" or milliseconds ("7200000"); at least one second. */
function duration(env: NodeJS.ProcessEnv, name: string, fallbackMs: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallbackMs;
  const match = /^(\d+)(ms|s|m|h)?$/.exec(raw);
  const ms = match ? Number(match[1]) * UNITS[match[2] ?? 'ms']! : NaN;
  if (!(ms >= 1000)) throw new Error(`${name} must be a duration of at least 1s such as "2h", "90m" or milliseconds, got "${raw}"`);
  return ms;
}

export function canarySettings(env: NodeJS.ProcessEnv): CanarySettingsConfig {
  const stepsFor: Partial<Record<RemoteName, CanarySteps>> = {};
  for (const remote of REMOTE_NAMES) {
    const steps = canarySteps(env, `CANARY_STEPS_${remote.toUpperCase()}`);
    if (steps) stepsFor[remote] = steps;
  }
  return {
    minViews: int(env, 'CANARY_MIN_VIEWS', 200),
    minClients: int(env, 'CANARY_MIN_CLIENTS', 20),
    maxClientShare: fraction(env, 'CANARY_MAX_CLIENT_SHARE', 0.1),
    bakeMs: int(env, 'CANARY_BAKE_MS', 30 * 60 * 1000),
    maxHoldMs: duration(env, 'CANARY_MAX_HOLD', 2 * 3_600_000),
    intervalMs: bounded(env, 'CANARY_GUARD_INTERVAL_MS', 30_000, 3_600_000),
    steps: canarySteps(env, 'CANARY_STEPS') ?? [10, 50, 100],
    stepsFor,
  };
}
