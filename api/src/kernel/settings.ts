/**
 * Every module's settings read from the environment at once: one error lists every bad variable of
 * every module, so an operator fixes the environment in one pass rather than one restart per mistake.
 */
import type { AnyModule } from './module';

export class SettingsError extends Error {
  override name = 'SettingsError';
  constructor(readonly problems: readonly string[]) {
    super(`Invalid settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

export function readSettings(
  modules: readonly AnyModule<never>[],
  env: Readonly<Record<string, string | undefined>>,
): Map<string, unknown> {
  const settings = new Map<string, unknown>();
  const problems: string[] = [];
  for (const module of modules) {
    if (!module.settings) continue;
    const parsed = module.settings.safeParse(env);
    if (parsed.success) settings.set(module.name, parsed.data);
    else
      for (const issue of parsed.error.issues) {
        const variable = issue.path.length ? issue.path.join('.') : '(settings)';
        problems.push(`${module.name}: ${variable}: ${issue.message}`);
      }
  }
  if (problems.length) throw new SettingsError(problems);
  return settings;
}
