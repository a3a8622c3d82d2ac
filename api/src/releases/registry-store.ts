/**
 * The remote registry (which version of each remote the site serves) and its release history, in the
 * database the leads use, so every api instance on that database serves the same versions. The port
 * and its domain types; the SQL, written once for SQLite and PostgreSQL, is in registry-sql.ts and
 * its rows' mappers in registry-rows.ts (one test suite runs against both databases).
 *
 * Changes use optimistic concurrency: a release reads the remote's revision, does its slow checks,
 * then commits only if the revision is still the one it read. Of two releases at the same moment one
 * wins and the other is refused whole (RegistryConflict); nothing is half-written. Every change is
 * checked so, a candidate's too (which stores a release without moving the registry): a change
 * prepared before a promotion never writes back what it read before it.
 *
 * Release folders are removed only under the same lock, and only when no record names them
 * (removeUnnamed); a commit checks, under that lock, that the folders it names are there.
 */
import { isReleaseVersion, isRemoteName, type RemoteName } from '@cardlift/contracts';
import { Conflict } from '../platform/errors';

/** A candidate is stored and can be previewed, but has never been live. */
export type ReleaseState = 'candidate' | 'released';

export interface ReleaseRecord {
  remote: RemoteName;
  version: string;
  state: ReleaseState;
  /** Order in which releases went live (the last promotion counts); null for a candidate. */
  position: number | null;
  createdAt: string;
  /** Who stored it: a release token's name (`RELEASE_TOKEN_MF_INVEST`) or `cli`. */
  createdBy: string;
  /** The commit it was built from; `-dirty` after it when the tree had changes not committed. */
  gitSha: string | null;
  /** What the team said of it (`--notes`), and the CI run that made it (`--ci-url`). */
  notes?: string | null;
  ciUrl?: string | null;
  /** Set when a rollback moved away from it: a later rollback does not go back to it. */
  rolledBackAt: string | null;
}

/**
 * `canary`: a version started on a share of visitors; `step`: the guard raised that share.
 * `schedule`, `unschedule`, `schedule-refused`: an action set for a time, cancelled, or refused at its
 * time because the registry had changed (the reason in `details`); carried out, it is a `promote` or a
 * `canary` whose actor names the schedule. `hold`: the guard has held a canary's share past
 * CANARY_MAX_HOLD and asks a person to decide (the registry does not move).
 */
export type ReleaseAction =
  | 'baseline'
  | 'release'
  | 'candidate'
  | 'promote'
  | 'rollback'
  | 'import'
  | 'canary'
  | 'step'
  | 'schedule'
  | 'unschedule'
  | 'schedule-refused'
  | 'hold';

/** One line of the audit trail: every release, promotion and rollback, who and when. */
export interface ReleaseEvent {
  remote: RemoteName;
  action: ReleaseAction;
  version: string;
  fromVersion: string | null;
  actor: string;
  gitSha: string | null;
  at: string;
  /** What a guard decision saw and which rule decided (JSON), null for a person's action. */
  details?: string | null;
  /**
   * The webhook body (JSON) announcing this event to the team: written pending in the same
   * transaction as the event, then sent by the notice relay (canary/guard-notices.ts). Absent for
   * events nobody is told of. Only written: the audit trail does not read it back.
   */
  notice?: string;
}

/** A version served to a share of visitors beside the current one, watched by the canary guard. */
export interface Canary {
  version: string;
  /** Percent of visitors served the canary, 1 to 99. */
  share: number;
  /** When this share began (ISO time): the guard compares both sides' figures since then. */
  since: string;
}

/** A promotion set to happen at `dueAt` (a canary when `share` is under 100). */
export interface ScheduledAction {
  remote: RemoteName;
  /** Names this scheduling: a change that ends it names it, so it is carried out or refused once. */
  id: string;
  version: string;
  /** 1 to 99 starts a canary; null promotes to every visitor. */
  share: number | null;
  dueAt: string;
  /** The registry's revision when it was scheduled: any move since (by hand, the guard) makes it wrong. */
  baseRevision: number;
  actor: string;
  gitSha: string | null;
  createdAt: string;
}

export interface RemoteState {
  current: string | null;
  /** 0 before the first release; each registry change adds one. */
  revision: number;
  /** The canary beside `current`, or null. */
  canary: Canary | null;
  /** In promotion order, candidates last. */
  releases: ReleaseRecord[];
  /** The action scheduled for a later time, or null. */
  scheduled: ScheduledAction | null;
}

export interface RegistryChange {
  remote: RemoteName;
  /** The revision read before the change was prepared. */
  expectedRevision: number;
  /** The version to serve from now on; undefined stores releases without moving the registry. */
  current?: string;
  /** The canary from now on (null ends it); undefined leaves it. Needs `current` (the revision moves). */
  canary?: Canary | null;
  /**
   * Release rows written as given (inserted or replaced), except that a candidate row never
   * replaces a released one: a version that has been live is never labelled a candidate again.
   */
  upsert: ReleaseRecord[];
  events: ReleaseEvent[];
  /**
   * `set` schedules an action (replacing none: one at a time); `clear` ends the one with that id
   * (carried out, refused or cancelled), and the whole change is refused as a conflict when that one
   * is no longer there, so two instances never both carry it out. Undefined leaves it.
   */
  schedule?: { set: ScheduledAction } | { clear: string };
  /**
   * Runs inside the transaction, under the lock removeUnnamed takes, before anything is written;
   * throws to refuse the change (its error propagates). Synchronous: the lock is held meanwhile.
   */
  precondition?: () => void;
}

/**
 * Every store refuses a change naming an unknown remote or a version that is not one plain folder
 * name, whoever sends it (release API, CLI, imported history): the registry is what static serving
 * and server rendering turn into paths on disk.
 */
export function assertValidChange(change: RegistryChange): void {
  if (change.canary !== undefined && change.current === undefined) throw new Error('a canary change must name the current version');
  const versions = [change.current, change.canary?.version, ...change.upsert.map((r) => r.version), ...change.events.map((e) => e.version)];
  const remotes = [change.remote, ...change.upsert.map((r) => r.remote), ...change.events.map((e) => e.remote)];
  const badRemote = remotes.find((r) => !isRemoteName(r));
  if (badRemote !== undefined) throw new Error(`"${badRemote}" is not a remote of this site`);
  const badVersion = versions.find((v) => v !== undefined && !isReleaseVersion(v));
  if (badVersion !== undefined) throw new Error(`"${badVersion}" is not a valid release version`);
  const share = change.canary?.share;
  if (share !== undefined && !(Number.isInteger(share) && share >= 1 && share <= 99))
    throw new Error(`a canary's share is a whole percentage from 1 to 99, got ${share}`);
}

/** Another change of the same remote committed first; this one changed nothing. */
export class RegistryConflict extends Conflict {
  constructor(readonly remote: RemoteName) {
    super('conflict', `another release of ${remote} changed the registry at the same moment; nothing was changed, try again`);
  }
}

export interface RegistryStore {
  kind: 'sqlite' | 'postgres';
  /** Current version of every remote that has one; what each instance polls. */
  currentVersions(): Promise<Map<RemoteName, string>>;
  /** Current versions and the canaries that run, in one read: what each instance polls. */
  serving(): Promise<{ current: Map<RemoteName, string>; canaries: Map<RemoteName, Canary> }>;
  /**
   * One guard decision for `remote` across every instance: `decide` runs only while this caller holds
   * the remote's guard lock (PostgreSQL: pg_try_advisory_xact_lock in the transaction that commits the
   * change it returns; SQLite: the file's single writer and the revision check). 'busy' when another
   * instance holds it; the change it returns is committed as `commit` would (revision-checked).
   */
  decide(remote: RemoteName, decide: () => Promise<RegistryChange | undefined>): Promise<'busy' | 'unchanged' | 'committed'>;
  state(remote: RemoteName): Promise<RemoteState>;
  /** Every scheduled action, soonest first: what each instance's schedule runner polls. */
  schedules(): Promise<ScheduledAction[]>;
  /** Applies a change in one transaction, or throws RegistryConflict and applies nothing. */
  commit(change: RegistryChange): Promise<void>;
  events(remote: RemoteName): Promise<ReleaseEvent[]>;
  /**
   * Calls `remove` (synchronous) when no release record of `remote` names `version`, under the lock
   * every commit takes, so no commit can come to name it meanwhile; true when it was called.
   */
  removeUnnamed(remote: RemoteName, version: string, remove: () => void): Promise<boolean>;
  /**
   * Deletes `version`'s release record and calls `remove` (synchronous) under the lock every commit
   * takes, when `prunable` still holds for the remote's state read under that lock; true when it did.
   * The retention sweep's one way to delete a version (skew/retention-sweep.ts).
   */
  prune(remote: RemoteName, version: string, prunable: (state: RemoteState) => boolean, remove: () => void): Promise<boolean>;
  /** True before anything was ever released or imported. */
  isEmpty(): Promise<boolean>;
  close(): Promise<void>;
}
