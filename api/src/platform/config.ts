/**
 * Every setting of the api, read from the environment once. Embedded defaults serve the whole site
 * from this checkout with a SQLite file; see the README for each variable.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, type EditorRole, type RemoteName, type SiteAddresses } from '@cardlift/contracts';
import { siteAddressesFromEnv } from './site-addresses-env';
import { bounded, fraction, int } from './env-values';
import { trustProxyFrom } from './trusted-proxies';

/**
 * The checkout: the nearest folder above this file whose package.json lists the workspaces. Found,
 * not counted, since this code runs from api/src (tsx, Jest) and from the compiled api/dist alike.
 */
export const REPO_ROOT = findRepoRoot(__dirname);

function findRepoRoot(from: string): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && 'workspaces' in (JSON.parse(fs.readFileSync(manifest, 'utf8')) as object)) return dir;
  }
  throw new Error(`no checkout (a package.json with workspaces) above ${from}`);
}

/** The settings every part of the api reads; each feature's own settings are added in `app-config.ts`. */
export interface PlatformConfig {
  port: number;
  host: string;
  production: boolean;
  /** Where the SQLite file and releases live (default: data/ at the checkout root). */
  dataDir: string;
  /** PostgreSQL connection string; when unset, leads go to SQLite under dataDir. */
  databaseUrl: string | undefined;
  /** Root of the checkout whose builds (shell/dist, mf-*\/dist) are served. */
  siteRoot: string;
  contentDir: string;
  releasesDir: string;
  /** Optional JSON file with registry entries that override the defaults. */
  remotesFile: string | undefined;
  /** RENDER_SANDBOX_NETWORK=host: renderers share the host's network where no namespace of their own can be made. */
  renderSandboxNetwork: string | undefined;
  /** Submissions per minute per client on POST /api/contact; 0 disables the limit. */
  contactRateLimit: number;
  /** Sign-in attempts per minute per client on POST /api/editor/session, per instance; 0 disables the limit. */
  editorSignInRateLimit: number;
  /** Clients the in-memory limit remembers at most (least recently seen forgotten first). */
  rateLimitMaxClients: number;
  leadsWebhookUrl: string | undefined;
  smtpUrl: string | undefined;
  leadsEmailTo: string | undefined;
  /** Sender of the editor's own mails (password reset, unlock links), through SMTP_URL; default no-reply@ the site's host. */
  editorMailFrom: string | undefined;
  logLevel: string;
  /** Shared store for the contact rate limit across instances; in memory when unset. */
  redisUrl: string | undefined;
  /** Prefix of every key the api writes to Redis, so several sites (or test runs) can share one server. */
  redisKeyPrefix: string;
  /**
   * SHA-256 (hex) of each remote's release token (RELEASE_TOKEN_<REMOTE>); a remote without one has
   * its release API turned off.
   */
  releaseTokenHashes: Partial<Record<RemoteName, string>>;
  /** What one release upload may cost the api (see ReleaseLimits). */
  releaseLimits: ReleaseLimits;
  /**
   * The content API's tokens (CONTENT_TOKEN_<NAME> = `<sha256 hex>:<editor|publisher>`); none turns
   * the API off. The variable's name is who an action is recorded as.
   */
  contentTokens: ContentToken[];
  /** Signs preview links; when unset, a secret is created once in the database and shared by every instance. */
  previewSecret: string | undefined;
  /**
   * Proxies in front of the api whose X-Forwarded-* headers are believed (TRUST_PROXY_HOPS). 0: none,
   * the socket's address is the client. N: the client is the Nth X-Forwarded-For entry from the right,
   * the one the outermost trusted proxy wrote; entries left of it are the client's own words.
   */
  trustProxyHops: number;
  /**
   * The proxies' own addresses (TRUST_PROXY_FROM, addresses or CIDRs): forwarded headers count only
   * from them. Unset: this machine (LOOPBACK_PROXIES).
   */
  trustProxyFrom: readonly string[] | undefined;
  /** Connection limits of the HTTP server (see server-limits.ts). */
  server: ServerLimits;
  /** The site's public origin and external addresses in this environment (site-addresses-env.ts). */
  siteAddresses: SiteAddresses;
  /** SHA-256 (hex) of the bearer token /metrics asks for (METRICS_TOKEN); /metrics is 404 without it. */
  metricsTokenHash: string | undefined;
  /** Real-user measurement (api/src/rum). */
  rum: RumSettings;
  /** How long the visitors' aggregates are kept (RUM_RETENTION_DAYS). */
  rumRetentionDays: number;
  /** How old an uploaded content image no revision names must be before it is deleted (CONTENT_UPLOAD_GRACE_HOURS). */
  contentUploadGraceHours: number;
  /** Where release decisions are announced (RELEASE_WEBHOOK_URL); nobody is told when unset. */
  releaseWebhookUrl: string | undefined;
}

export interface RumSettings {
  /** Share of page views that report, 0 to 1 (RUM_SAMPLE_RATE); told to each page in its boot data. */
  sampleRate: number;
  /** How often the in-memory aggregates are written (RUM_FLUSH_MS). */
  flushMs: number;
  /** Distinct keys the in-memory aggregates hold at most (RUM_MAX_KEYS). */
  maxKeys: number;
  /** Reports per minute per client address (RUM_RATE_LIMIT; 0: none). */
  perMinute: number;
  /** Keep reports from headless browsers (RUM_ALLOW_HEADLESS=1; the browser suite's Chromium is headless). */
  allowHeadless: boolean;
  /**
   * Key of the page and page-view tokens (RUM_TOKEN_SECRET); when unset, one is created once in the
   * database and shared by every instance.
   */
  tokenSecret: string | undefined;
  /** How old a page or page-view token may be when it is used (RUM_TOKEN_MAX_AGE_HOURS). */
  tokenMaxAgeHours: number;
}

export interface ServerLimits {
  /** Time a client has to send its request headers. */
  headersTimeoutMs: number;
  /** Time a client has to send its whole request. */
  requestTimeoutMs: number;
  /** Idle time a kept-alive connection stays open; above the load balancer's own, so it never reuses a socket the api closed. */
  keepAliveTimeoutMs: number;
  /** Open connections at once; further ones are refused by the kernel backlog rather than starving the process. */
  maxConnections: number;
  /**
   * Open connections from one address at once (0: no cap), so one client's idle sockets cannot use
   * up `maxConnections` and lock every visitor out. Behind trusted proxies every connection comes
   * from a proxy, so the default there is 0 and the proxy keeps clients fair.
   */
  maxConnectionsPerClient: number;
  /**
   * On SIGTERM or SIGINT, how long requests in flight have to finish before their connections are
   * cut; below the process manager's own stop timeout (10 s for `docker stop`), so it never kills first.
   */
  drainTimeoutMs: number;
}

/**
 * Bounds of a release upload, enforced while it streams (a crossed limit stops the reading at once):
 * a few kilobytes of gzip can unpack to gigabytes, or to a hundred thousand files.
 */
export interface ReleaseLimits {
  /** The upload itself (a gzipped tar of a remote's dist), in bytes. */
  uploadBytes: number;
  /** Everything the archive decompresses to, trailing data included. */
  unpackedBytes: number;
  files: number;
  /** One file of the build. */
  fileBytes: number;
  /** All stored release folders of one remote together; a release that would pass it is refused. */
  quotaBytes: number;
  /** Time to unpack and hash an upload (in a worker thread), after which the work is abandoned. */
  unpackTimeoutMs: number;
}

const MB = 1024 * 1024;

function releaseLimits(env: NodeJS.ProcessEnv): ReleaseLimits {
  return {
    uploadBytes: int(env, 'RELEASE_MAX_BYTES', 50 * MB),
    unpackedBytes: int(env, 'RELEASE_MAX_UNPACKED_BYTES', 100 * MB),
    files: int(env, 'RELEASE_MAX_FILES', 5000),
    fileBytes: int(env, 'RELEASE_MAX_FILE_BYTES', 20 * MB),
    quotaBytes: int(env, 'RELEASE_QUOTA_BYTES', 1024 * MB),
    unpackTimeoutMs: bounded(env, 'RELEASE_UNPACK_TIMEOUT_MS', 30_000, 300_000),
  };
}

export type ContentRole = EditorRole;
export interface ContentToken {
  name: string;
  hash: string;
  role: ContentRole;
}

function contentTokens(env: NodeJS.ProcessEnv): ContentToken[] {
  return Object.keys(env)
    .filter((name) => /^CONTENT_TOKEN_[A-Z0-9_]+$/.test(name) && env[name])
    .sort()
    .map((name) => {
      const match = /^([0-9a-f]{64}):(editor|publisher)$/.exec(env[name]!.trim().toLowerCase());
      if (!match) throw new Error(`${name} must be "<SHA-256 of the token in hex>:<editor|publisher>", never the token itself`);
      return { name, hash: match[1]!, role: match[2] as ContentRole };
    });
}

function tokenHash(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim().toLowerCase();
  if (!value) return undefined;
  if (!/^[0-9a-f]{64}$/.test(value))
    throw new Error(`${name} must be the SHA-256 of the token in hex (64 characters), never the token itself`);
  return value;
}

function releaseTokenHashes(env: NodeJS.ProcessEnv): Partial<Record<RemoteName, string>> {
  const hashes: Partial<Record<RemoteName, string>> = {};
  for (const remote of REMOTE_NAMES) {
    const value = tokenHash(env, `RELEASE_TOKEN_${remote.toUpperCase()}`);
    if (value) hashes[remote] = value;
  }
  return hashes;
}

export function loadPlatformConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  // npm runs workspace scripts (leads:export) inside api/: resolve a relative DATA_DIR against where
  // the command was typed, and default to the checkout's data/ so the server and the export agree.
  const invokedFrom = env.INIT_CWD || process.cwd();
  // Every relative path is read from where the command was typed, for the server and the CLIs alike.
  const fromInvocation = (value: string | undefined, fallback: string) => (value ? path.resolve(invokedFrom, value) : fallback);
  const dataDir = fromInvocation(env.DATA_DIR, path.join(REPO_ROOT, 'data'));
  const siteRoot = fromInvocation(env.SITE_ROOT, REPO_ROOT);
  return {
    port: int(env, 'PORT', 3000),
    host: env.HOST ?? '0.0.0.0',
    production: env.NODE_ENV === 'production',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    siteRoot,
    contentDir: fromInvocation(env.CONTENT_DIR, path.join(REPO_ROOT, 'api', 'content')),
    // With ARTIFACTS=database the builds' shared copy is PostgreSQL, and the folder is this instance's cache.
    releasesDir:
      env.ARTIFACTS === 'database'
        ? fromInvocation(env.ARTIFACT_CACHE_DIR, path.join(dataDir, 'artifact-cache'))
        : fromInvocation(env.RELEASES_DIR, path.join(dataDir, 'releases')),
    remotesFile: env.REMOTES_FILE || undefined,
    renderSandboxNetwork: env.RENDER_SANDBOX_NETWORK || undefined,
    contactRateLimit: int(env, 'CONTACT_RATE_LIMIT', 5),
    editorSignInRateLimit: int(env, 'EDITOR_SIGN_IN_RATE_LIMIT', 20),
    rateLimitMaxClients: int(env, 'RATE_LIMIT_MAX_CLIENTS', 50_000),
    leadsWebhookUrl: env.LEADS_WEBHOOK_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    leadsEmailTo: env.LEADS_EMAIL_TO || undefined,
    editorMailFrom: env.EDITOR_MAIL_FROM || undefined,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'cardlift',
    releaseTokenHashes: releaseTokenHashes(env),
    releaseLimits: releaseLimits(env),
    contentTokens: contentTokens(env),
    previewSecret: env.PREVIEW_SECRET || undefined,
    trustProxyHops: int(env, 'TRUST_PROXY_HOPS', 0),
    trustProxyFrom: trustProxyFrom(env),
    server: {
      headersTimeoutMs: bounded(env, 'HEADERS_TIMEOUT_MS', 10_000, 10_000),
      requestTimeoutMs: bounded(env, 'REQUEST_TIMEOUT_MS', 30_000, 30_000),
      keepAliveTimeoutMs: int(env, 'KEEP_ALIVE_TIMEOUT_MS', 65_000),
      maxConnections: int(env, 'MAX_CONNECTIONS', 1024),
      maxConnectionsPerClient: int(env, 'MAX_CONNECTIONS_PER_CLIENT', int(env, 'TRUST_PROXY_HOPS', 0) > 0 ? 0 : 64),
      drainTimeoutMs: int(env, 'DRAIN_TIMEOUT_MS', 8000),
    },
    siteAddresses: siteAddressesFromEnv(env),
    metricsTokenHash: tokenHash(env, 'METRICS_TOKEN'),
    rum: {
      sampleRate: fraction(env, 'RUM_SAMPLE_RATE', 1),
      flushMs: bounded(env, 'RUM_FLUSH_MS', 5000, 60_000),
      maxKeys: bounded(env, 'RUM_MAX_KEYS', 20_000, 1_000_000),
      perMinute: int(env, 'RUM_RATE_LIMIT', 30),
      allowHeadless: env.RUM_ALLOW_HEADLESS === '1' || env.RUM_ALLOW_HEADLESS === 'true',
      tokenSecret: env.RUM_TOKEN_SECRET || undefined,
      tokenMaxAgeHours: bounded(env, 'RUM_TOKEN_MAX_AGE_HOURS', 4, 48),
    },
    rumRetentionDays: bounded(env, 'RUM_RETENTION_DAYS', 14, 400),
    contentUploadGraceHours: bounded(env, 'CONTENT_UPLOAD_GRACE_HOURS', 24, 24 * 366),
    releaseWebhookUrl: env.RELEASE_WEBHOOK_URL || undefined,
  };
}
