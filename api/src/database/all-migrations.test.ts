/**
 * The migrations the app's modules declare are the ones scripts run, and a database migrated before
 * the modules declared them opens with nothing to run: same versions, same SQL.
 */
import crypto from 'node:crypto';
import { MODULES } from '../app';
import { allMigrations, MODULE_MIGRATIONS } from './all-migrations';

/**
 * Every released migration and a fingerprint of its SQL (both dialects). Never change a line: add one
 * for a new migration. 11, 14, 17 and 20 were never released (numbers given out to work that did not
 * land), so no database has them and none may be added below 26.
 */
const RELEASED: readonly (readonly [number, string])[] = [
  [1, '01bd766f248e0fe7'],
  [2, 'b75bbf6d2251e7c6'],
  [3, '07c3e64a658e845f'],
  [4, '863530ff395d8771'],
  [5, '73613cb8d2a8e558'],
  [6, 'e0a986f918cc12ba'],
  [7, '4fc1a8efbf2d3c89'],
  [8, '69d7b907fa97e63c'],
  [9, '69d64d4a06e5d532'],
  [10, 'b8a013b79599e66b'],
  [12, '0bb8b1a97e1dd031'],
  [13, '7fd5b96d8fd18d30'],
  [15, 'd1c96a1f8e78a3e1'],
  [16, '78f33ef2f6f57ea9'],
  [18, 'cf0fc310217719d6'],
  [19, '23bee4c79314e24d'],
  [21, '3cdb5052f4064676'],
  [22, 'f96b5a3f808155a1'],
  [23, '24a233b11d8b03f4'],
  [24, 'e7582b3c19b5007d'],
  [25, '3293103dcc104e6f'],
  [26, '43638a9bf3e2454b'],
];

const fingerprint = (m: { sqlite: string; postgres: string }) =>
  crypto.createHash('sha256').update(`${m.sqlite}\0${m.postgres}`).digest('hex').slice(0, 16);

describe('every module’s migrations', () => {
  it('are the ones the app’s modules declare, module by module', () => {
    const declared = Object.fromEntries(MODULES.filter((m) => m.migrations?.length).map((m) => [m.name, m.migrations]));
    expect(declared).toEqual(MODULE_MIGRATIONS);
  });

  it('declare each version in exactly one module', () => {
    const owners = new Map<number, string[]>();
    for (const module of MODULES)
      for (const { version } of module.migrations ?? []) owners.set(version, [...(owners.get(version) ?? []), module.name]);
    expect([...owners].filter(([, names]) => names.length !== 1)).toEqual([]);
    expect([...owners.keys()].sort((a, b) => a - b)).toEqual(allMigrations().map((m) => m.version));
  });

  it('are the released migrations up to 26, in order, with their SQL unchanged', () => {
    expect(allMigrations().map((m) => [m.version, fingerprint(m)])).toEqual(RELEASED.map(([v, f]) => [v, f]));
  });
});
