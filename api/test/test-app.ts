/** Builds an app for tests: real content, a throwaway data directory, logs off, rate limit off unless asked. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, type App, type AppDeps } from '../src/app';
import { loadConfig, type AppConfig } from '../src/app-config';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-api-test-'));
  return { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), contactRateLimit: 0, logLevel: 'silent', ...overrides };
}

export function testApp(overrides: Partial<AppConfig> = {}, deps: Omit<AppDeps, 'config'> = {}): App {
  return createApp({ config: testConfig(overrides), ...deps });
}

/**
 * Starts `app` before the file's tests and closes it after. Pages are resolved and rendered in worker
 * threads, which take a second or two to load: a suite that requests pages waits for them once, here.
 */
export function startedForSuite(app: App): App {
  beforeAll(async () => {
    await app.start();
    await app.warm();
  }, 60_000);
  afterAll(() => app.close());
  return app;
}
