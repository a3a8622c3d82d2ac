/**
 * Every setting of the api, read from the environment once: the platform's (`platform/config.ts`) and
 * each feature's own section, parsed by the feature. See the README for each variable.
 */
import { edgeConfig, type EdgeConfig } from './edge/edge-config';
import { loadPlatformConfig, type PlatformConfig } from './platform/config';
import { canarySettings, type CanarySettingsConfig } from './releases/canary/canary-config';
import { skewSettings, type SkewSettings } from './skew/skew-config';

export type { CanarySettingsConfig };

export interface AppConfig extends PlatformConfig {
  /** The canary guard (releases/canary/). */
  canary: CanarySettingsConfig;
  /** Shared caches in front (edge/edge-config.ts): their lifetimes and the caches every change purges. */
  edge: EdgeConfig;
  /** Version skew: where builds are kept, for how long after a page named them, and how many (skew/). */
  skew: SkewSettings;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    ...loadPlatformConfig(env),
    canary: canarySettings(env),
    edge: edgeConfig(env),
    skew: skewSettings(env, env.DATABASE_URL || undefined),
  };
}
