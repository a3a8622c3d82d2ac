import { defineModule } from './module';
import { orderModules } from './order';

const mod = (name: string, dependsOn: string[] = []) => defineModule({ name, dependsOn, build: () => ({ provides: name }) });
const names = (modules: readonly { name: string }[]) => modules.map((m) => m.name);

describe('orderModules', () => {
  it('puts every module after its dependencies and keeps the listed order otherwise', () => {
    const ordered = orderModules([
      mod('site', ['content', 'rum']),
      mod('leads'),
      mod('rum', ['registry']),
      mod('content'),
      mod('registry'),
    ]);
    expect(names(ordered)).toEqual(['content', 'registry', 'rum', 'site', 'leads']);
  });

  it('keeps a list that already respects its dependencies exactly as written', () => {
    expect(names(orderModules([mod('a'), mod('b', ['a']), mod('c'), mod('d', ['b', 'c'])]))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('refuses a cycle, naming the modules on it', () => {
    expect(() => orderModules([mod('a', ['c']), mod('b', ['a']), mod('c', ['b'])])).toThrow(
      'Modules depend on each other in a cycle: a -> c -> b -> a',
    );
    expect(() => orderModules([mod('self', ['self'])])).toThrow('cycle: self -> self');
  });

  it('refuses a dependency that is not in the list, naming who needs it', () => {
    expect(() => orderModules([mod('edge', ['metrics', 'registry']), mod('registry')])).toThrow(
      'Missing modules: "edge" depends on "metrics", which is not in the list',
    );
  });

  it('refuses two modules of one name', () => {
    expect(() => orderModules([mod('rum'), mod('rum')])).toThrow('Two modules are named "rum"');
  });

  it('accepts a module object as a dependency', () => {
    const registry = mod('registry');
    const follower = defineModule({ name: 'follower', dependsOn: [registry], build: () => ({ provides: 1 }) });
    expect(names(orderModules([follower, registry]))).toEqual(['registry', 'follower']);
  });
});
