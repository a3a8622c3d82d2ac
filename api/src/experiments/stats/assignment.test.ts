import { assignArm, unitHash } from './assignment';

const ids = Array.from({ length: 100_000 }, (_, i) => `visitor-${i}`);

describe('assignment', () => {
  it('is sticky: the same visitor gets the same arm every time', () => {
    for (const id of ids.slice(0, 1000)) expect(assignArm('exp-a', id, 1, [50, 50])).toBe(assignArm('exp-a', id, 1, [50, 50]));
  });

  it('splits 100k visitors within 2 % of the plan, for even and uneven splits', () => {
    for (const weights of [
      [50, 50],
      [20, 30, 50],
    ]) {
      const counts = weights.map(() => 0);
      for (const id of ids) {
        const arm = assignArm('exp-a', id, 1, weights)!;
        counts[arm] = (counts[arm] ?? 0) + 1;
      }
      const total = weights.reduce((a, b) => a + b, 0);
      counts.forEach((count, i) => {
        const planned = (weights[i] ?? 0) / total;
        expect(Math.abs(count / ids.length - planned)).toBeLessThan(0.02 * planned);
      });
    }
  });

  it('keeps the traffic share and keeps everyone already in when the share rises', () => {
    let inAtHalf = 0;
    for (const id of ids) {
      const atHalf = assignArm('exp-a', id, 0.5, [50, 50]);
      if (atHalf === null) continue;
      inAtHalf++;
      expect(assignArm('exp-a', id, 0.8, [50, 50])).not.toBeNull();
    }
    expect(Math.abs(inAtHalf / ids.length - 0.5)).toBeLessThan(0.01);
  });

  it('is independent between experiments', () => {
    // The four (arm in A, arm in B) cells should each hold a quarter.
    const cells = [0, 0, 0, 0];
    for (const id of ids) {
      const cell = assignArm('exp-a', id, 1, [1, 1])! * 2 + assignArm('exp-b', id, 1, [1, 1])!;
      cells[cell] = (cells[cell] ?? 0) + 1;
    }
    for (const cell of cells) expect(Math.abs(cell / ids.length - 0.25)).toBeLessThan(0.25 * 0.02);
    expect(unitHash('exp-a', 'x')).not.toBe(unitHash('exp-b', 'x'));
  });
});
