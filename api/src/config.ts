/**
 * Every setting of the api, read from the environment once. Embedded defaults serve the whole site
 * from this checkout with a SQLite file; see the README for each variable.
 */
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

export interface AppConfig {
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
  /** Submissions per minute per client on POST /api/contact; 0 disables the limit. */
  contactRateLimit: number;
  leadsWebhookUrl: string | undefined;
  smtpUrl: string | undefined;
  leadsEmailTo: string | undefined;
  logLevel: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // npm runs workspace scripts (leads:export) inside api/: resolve a relative DATA_DIR against where
  // the command was typed, and default to the checkout's data/ so the server and the export agree.
  const invokedFrom = env.INIT_CWD || process.cwd();
  const dataDir = env.DATA_DIR ? path.resolve(invokedFrom, env.DATA_DIR) : path.join(REPO_ROOT, 'data');
  const siteRoot = path.resolve(env.SITE_ROOT ?? REPO_ROOT);
  return {
    port: int(env, 'PORT', 3000),
    host: env.HOST ?? '0.0.0.0',
    production: env.NODE_ENV === 'production',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    siteRoot,
    contentDir: path.resolve(env.CONTENT_DIR ?? path.join(REPO_ROOT, 'api', 'content')),
    releasesDir: path.resolve(env.RELEASES_DIR ?? path.join(dataDir, 'releases')),
    remotesFile: env.REMOTES_FILE || undefined,
    contactRateLimit: int(env, 'CONTACT_RATE_LIMIT', 5),
    leadsWebhookUrl: env.LEADS_WEBHOOK_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    leadsEmailTo: env.LEADS_EMAIL_TO || undefined,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
  };
}
