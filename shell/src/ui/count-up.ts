/**
 * Count-up numbers: start once when at least half visible, 0 to target over
 * 2000 ms with ease-out. The target keeps its own prefix, suffix and decimals ("$155B", "2M+",
 * "11x", "360°", "35.9M"), so the last frame reads exactly as the page's figure.
 */
export const COUNT_UP_DURATION_MS = 2000;
export const COUNT_UP_VISIBILITY_THRESHOLD = 0.5;

export interface ParsedFigure {
  prefix: string;
  value: number;
  decimals: number;
  suffix: string;
}

export function parseFigure(figure: string): ParsedFigure | null {
  const match = /^([^\d]*)(\d[\d,]*(?:\.\d+)?)(.*)$/.exec(figure.trim());
  if (!match) return null;
  const [, prefix = '', digits = '0', suffix = ''] = match;
  const decimals = digits.includes('.') ? (digits.split('.')[1]?.length ?? 0) : 0;
  return { prefix, value: Number(digits.replace(/,/g, '')), decimals, suffix };
}

/** Ease-out cubic: fast start, gentle landing. */
export function easeOut(t: number): number {
  const clamped = Math.min(Math.max(t, 0), 1);
  return 1 - (1 - clamped) ** 3;
}

/** The text shown `elapsed` ms into the animation. Whole-number figures stay rounded while counting. */
export function figureAt(figure: string, elapsed: number, duration = COUNT_UP_DURATION_MS): string {
  const parsed = parseFigure(figure);
  if (!parsed) return figure;
  if (elapsed >= duration) return figure;
  const current = parsed.value * easeOut(elapsed / duration);
  const shown = parsed.decimals === 0 ? String(Math.round(current)) : current.toFixed(parsed.decimals);
  return `${parsed.prefix}${shown}${parsed.suffix}`;
}
