/** Which moves wait for a warm: a promotion to a build never served does, a rollback never does. */
import type { RemoteName } from '@cardlift/contracts';
import { createLogger } from '../platform/logger';
import type { ReleaseRecord, RemoteState } from '../releases/registry-store';
import { rollbacksAmong, WarmSwitch, type Serving } from './warm-switch';

const REMOTE = 'mf_invest' as RemoteName;
const serving = (version: string): Serving => ({ current: new Map([[REMOTE, version]]), canaries: new Map() });
const record = (version: string, position: number, rolledBackAt: string | null = null) =>
  ({ remote: REMOTE, version, state: 'released', position, rolledBackAt }) as ReleaseRecord;
const storeOf = (releases: ReleaseRecord[]) => ({ state: async () => ({ releases }) as unknown as RemoteState });

it('holds a promotion to a build never served until it is warm, and switches a rollback at once', async () => {
  const warms: string[] = [];
  let finish = () => {};
  const warmSwitch = new WarmSwitch(
    () => async (_remote, versions) => {
      warms.push(versions.get(REMOTE)!);
      await new Promise<void>((done) => (finish = done));
    },
    createLogger('silent'),
    () => undefined,
  );
  const promoted = warmSwitch.admit(serving('2.0.0'), serving('1.0.0'));
  expect([promoted.current.get(REMOTE), warms]).toEqual(['1.0.0', ['2.0.0']]);
  // A rollback to a build this process never served: not warmed, served at once.
  const back = await rollbacksAmong(storeOf([record('0.9.0', 1), record('1.0.0', 2)]), serving('1.0.0').current, serving('0.9.0').current);
  expect([...back]).toEqual([REMOTE]);
  expect(warmSwitch.admit(serving('0.9.0'), serving('1.0.0'), back).current.get(REMOTE)).toBe('0.9.0');
  expect(warms).toEqual(['2.0.0']);
  finish();
  await warmSwitch.settled();
});

it('counts a move forward only to a release promoted after the one served', async () => {
  const forward = storeOf([record('1.0.0', 1), record('2.0.0', 2)]);
  expect([...(await rollbacksAmong(forward, serving('1.0.0').current, serving('2.0.0').current))]).toEqual([]);
  const awayFromRolledBack = storeOf([record('1.0.0', 1, '2026-01-01T00:00:00Z'), record('2.0.0', 2)]);
  expect([...(await rollbacksAmong(awayFromRolledBack, serving('1.0.0').current, serving('2.0.0').current))]).toEqual([REMOTE]);
});
