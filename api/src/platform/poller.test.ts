/**
 * The poller's refresh is a promise that the shared thing was read after the call: a caller that
 * just committed a change (the purge relay after a rollback) must never get a read that began before.
 */
import { Poller } from './poller';
import { createLogger } from './logger';

function slowReads() {
  const reads: { started: number; finish: () => void }[] = [];
  let version = 0;
  const read = () =>
    new Promise<void>((resolve) => {
      reads.push({ started: version, finish: resolve });
    });
  return { reads, read, change: () => (version += 1) };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('Poller.refresh', () => {
  const logger = createLogger('silent');

  it('reads again after a read that began before the call, and callers meanwhile share that read', async () => {
    const source = slowReads();
    const poller = new Poller(source.read, logger, { failing: 'failing', recovered: 'recovered' }, 60_000);
    const early = poller.refresh();
    source.change();
    let lateDone = false;
    const late = poller.refresh().then(() => (lateDone = true));
    const alsoLate = poller.refresh();
    expect(source.reads).toHaveLength(1);
    source.reads[0]!.finish();
    await early;
    await flush();
    // The early read began before the change: the late callers are still waiting, on one new read.
    expect(lateDone).toBe(false);
    expect(source.reads.map((r) => r.started)).toEqual([0, 1]);
    source.reads[1]!.finish();
    await Promise.all([late, alsoLate]);
    expect(source.reads).toHaveLength(2);
  });

  it('starts one read when none is under way', async () => {
    const source = slowReads();
    const poller = new Poller(source.read, logger, { failing: 'failing', recovered: 'recovered' }, 60_000);
    const done = poller.refresh();
    expect(source.reads).toHaveLength(1);
    source.reads[0]!.finish();
    await done;
    expect(source.reads).toHaveLength(1);
  });
});
