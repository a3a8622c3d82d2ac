/** What a release, promotion or rollback works on, and how it is refused (release-service.ts). */
import type { RemoteName } from '@cardlift/contracts';
import { DomainError, type RefusalKind } from '../platform/errors';
import type { ArtifactStore } from '../artifacts/artifact-store';
import type { FederationManifest } from '../artifacts/manifest';
import type { RegistryStore } from './registry-store';

/** A release, promotion or rollback that was refused; the registry is unchanged. */
export class ReleaseRefused extends DomainError {
  constructor(
    message: string,
    readonly reasons: string[] = [],
    /** `conflict` for what stands in the way (a canary, the current version), `not_found` for an unknown version. */
    kind: RefusalKind = 'refused',
  ) {
    super(
      kind,
      'release_refused',
      reasons.length ? `${message}:\n${reasons.map((r) => `  - ${r}`).join('\n')}` : message,
      reasons.length ? { reasons } : undefined,
    );
  }
}

export interface ReleaseContext {
  store: RegistryStore;
  artifacts: ArtifactStore;
  /** The shell's manifest, which the remote must be compatible with. */
  shellManifest(): FederationManifest;
  /** The checkout build of a remote: what the site serves before its first release. */
  checkoutBuildDir(remote: RemoteName): string;
  /** Server checks of a stored build (page table, a render of each static page); problems found. */
  checkServer?(remote: RemoteName, version: string): Promise<string[]>;
  /** Bytes all stored releases of one remote may hold together (RELEASE_QUOTA_BYTES); no limit when unset. */
  quotaBytes?: number;
  now?(): Date;
}
