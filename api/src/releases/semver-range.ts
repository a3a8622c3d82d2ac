/**
 * The subset of npm semver ranges Module Federation manifests carry (`^19.3.1`, `~1.2`, `>=18`,
 * `^18 || ^19`, `7.18.5`, `1.x`, `*`), enough to check a remote's shared versions against the
 * shell's. Kept here rather than adding a dependency to the api for one function.
 * Prerelease tags order before their release (`1.0.0-rc.1` < `1.0.0`) and are otherwise allowed.
 */
type Triple = [number, number, number];
interface Version {
  parts: Triple;
  prerelease: string;
}
type Op = '>=' | '>' | '<=' | '<' | '=';
interface Comparator {
  op: Op;
  version: Version;
}

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([\w.-]+))?(?:\+[\w.-]+)?$/;
const PARTIAL = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([\w.-]+))?$/;

export function parseVersion(text: string): Version | null {
  const m = VERSION.exec(text.trim());
  if (!m) return null;
  return { parts: [Number(m[1]), Number(m[2]), Number(m[3])], prerelease: m[4] ?? '' };
}

export function compareVersions(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) {
    const d = (a.parts[i] as number) - (b.parts[i] as number);
    if (d !== 0) return Math.sign(d);
  }
  if (a.prerelease === b.prerelease) return 0;
  if (!a.prerelease) return 1;
  if (!b.prerelease) return -1;
  return a.prerelease < b.prerelease ? -1 : 1;
}

const v = (major: number, minor: number, patch: number, prerelease = ''): Version => ({ parts: [major, minor, patch], prerelease });

/** `1.2` -> the numbers given (null where missing or a wildcard). */
function partial(text: string): { nums: (number | null)[]; prerelease: string } | null {
  const m = PARTIAL.exec(text);
  if (!m) return null;
  const nums = [m[1], m[2], m[3]].map((p) => (p === undefined || /[xX*]/.test(p) ? null : Number(p)));
  // A wildcard ends the version: `1.x.3` reads as `1.x`.
  const cut = nums.indexOf(null);
  return { nums: cut === -1 ? nums : nums.map((n, i) => (i >= cut ? null : n)), prerelease: m[4] ?? '' };
}

/** Lower bound and exclusive upper bound of a partial version (`1.2` covers `>=1.2.0 <1.3.0`). */
function span(nums: (number | null)[], prerelease: string): Comparator[] {
  const [major, minor, patch] = nums;
  if (major == null) return [];
  if (minor == null)
    return [
      { op: '>=', version: v(major, 0, 0) },
      { op: '<', version: v(major + 1, 0, 0, '0') },
    ];
  if (patch == null)
    return [
      { op: '>=', version: v(major, minor, 0) },
      { op: '<', version: v(major, minor + 1, 0, '0') },
    ];
  return [{ op: '=', version: v(major, minor, patch, prerelease) }];
}

function comparators(token: string): Comparator[] | null {
  const m = /^(\^|~|>=|<=|>|<|=)?\s*(.*)$/.exec(token);
  const op = m?.[1] ?? '';
  const p = partial(m?.[2] ?? '');
  if (!p) return null;
  const [major, minor, patch] = p.nums;
  const low = v(major ?? 0, minor ?? 0, patch ?? 0, p.prerelease);
  if (major == null) return op === '<' || op === '>' ? null : [];
  switch (op) {
    case '^': {
      const upper =
        major > 0 || minor == null
          ? v(major + 1, 0, 0, '0')
          : minor > 0 || patch == null
            ? v(0, minor + 1, 0, '0')
            : v(0, 0, (patch ?? 0) + 1, '0');
      return [
        { op: '>=', version: low },
        { op: '<', version: upper },
      ];
    }
    case '~':
      return [
        { op: '>=', version: low },
        { op: '<', version: minor == null ? v(major + 1, 0, 0, '0') : v(major, minor + 1, 0, '0') },
      ];
    case '>=':
      return [{ op: '>=', version: low }];
    case '<':
      return [{ op: '<', version: low }];
    case '>': {
      const bounds = span(p.nums, p.prerelease);
      return bounds.length === 2 ? [{ op: '>=', version: (bounds[1] as Comparator).version }] : [{ op: '>', version: low }];
    }
    case '<=': {
      const bounds = span(p.nums, p.prerelease);
      return bounds.length === 2 ? [bounds[1] as Comparator] : [{ op: '<=', version: low }];
    }
    default:
      return span(p.nums, p.prerelease);
  }
}

function test(version: Version, { op, version: bound }: Comparator): boolean {
  const c = compareVersions(version, bound);
  return op === '>=' ? c >= 0 : op === '>' ? c > 0 : op === '<=' ? c <= 0 : op === '<' ? c < 0 : c === 0;
}

/** Parses a range into alternatives of comparators that must all hold; null when unreadable. */
export function parseRange(range: string): Comparator[][] | null {
  const alternatives: Comparator[][] = [];
  for (const alternative of range.split('||')) {
    const hyphen = /^\s*(\S+)\s+-\s+(\S+)\s*$/.exec(alternative);
    const tokens = hyphen
      ? [`>=${hyphen[1]}`, `<=${hyphen[2]}`]
      : alternative
          .trim()
          .replace(/(\^|~|>=|<=|>|<|=)\s+/g, '$1')
          .split(/\s+/)
          .filter(Boolean);
    const all: Comparator[] = [];
    for (const token of tokens) {
      const parsed = comparators(token);
      if (!parsed) return null;
      all.push(...parsed);
    }
    alternatives.push(all);
  }
  return alternatives;
}

/** Whether `version` satisfies `range`; false when either is unreadable. */
export function satisfies(version: string, range: string): boolean {
  const parsed = parseVersion(version);
  const alternatives = parseRange(range);
  if (!parsed || !alternatives) return false;
  return alternatives.some((all) => all.every((c) => test(parsed, c)));
}
