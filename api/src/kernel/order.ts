/**
 * The order modules are built and started in: every module after its dependencies, otherwise in the
 * order listed (so a list that already respects its dependencies starts exactly as written). A missing
 * dependency, a duplicate name or a cycle is refused with the modules named.
 */
import { dependencyName, type AnyModule } from './module';

export class ModuleGraphError extends Error {
  override name = 'ModuleGraphError';
}

export function orderModules<M extends AnyModule<never>>(modules: readonly M[]): M[] {
  const byName = new Map<string, M>();
  for (const module of modules) {
    if (byName.has(module.name)) throw new ModuleGraphError(`Two modules are named "${module.name}"`);
    byName.set(module.name, module);
  }
  const missing = modules.flatMap((module) =>
    module.dependsOn
      .map(dependencyName)
      .filter((name) => !byName.has(name))
      .map((name) => `"${module.name}" depends on "${name}"`),
  );
  if (missing.length) throw new ModuleGraphError(`Missing modules: ${missing.join('; ')}, which is not in the list`);

  const ordered: M[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (module: M, path: string[]) => {
    const seen = state.get(module.name);
    if (seen === 'done') return;
    if (seen === 'visiting') {
      const cycle = [...path.slice(path.indexOf(module.name)), module.name];
      throw new ModuleGraphError(`Modules depend on each other in a cycle: ${cycle.join(' -> ')}`);
    }
    state.set(module.name, 'visiting');
    for (const dependency of module.dependsOn) visit(byName.get(dependencyName(dependency))!, [...path, module.name]);
    state.set(module.name, 'done');
    ordered.push(module);
  };
  for (const module of modules) visit(module, []);
  return ordered;
}
