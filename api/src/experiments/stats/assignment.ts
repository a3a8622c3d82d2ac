/**
 * Which arm a visitor is in: a stable function of (experiment id, visitor value), so every instance
 * agrees without storing anything, the same visitor keeps their arm on every view, and two
 * experiments split the same visitors independently (the experiment id salts the hash).
 * sha256's first 6 bytes give a number in [0, 1) with 2^48 steps, far finer than any split.
 */
import crypto from 'node:crypto';

export function unitHash(experimentId: string, visitor: string): number {
  return crypto.createHash('sha256').update(`${experimentId}\u0000${visitor}`).digest().readUIntBE(0, 6) / 2 ** 48;
}

/**
 * The arm index for `visitor`, or null when outside the experiment's traffic share. The share takes
 * [0, share) of the hash, so raising it keeps everyone already in; the split (weights for control
 * then variants, any positive scale) divides that range in order.
 */
export function assignArm(experimentId: string, visitor: string, trafficShare: number, weights: readonly number[]): number | null {
  const u = unitHash(experimentId, visitor);
  if (!(u < trafficShare)) return null;
  const total = weights.reduce((a, b) => a + b, 0);
  let edge = 0;
  const position = (u / trafficShare) * total;
  for (let i = 0; i < weights.length; i++) {
    edge += weights[i] ?? 0;
    if (position < edge) return i;
  }
  return weights.length - 1;
}
