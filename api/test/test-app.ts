/** Builds an app for tests: real content, a throwaway data directory, logs off, rate limit off unless asked. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, type App, type AppDeps } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-api-test-'));
  return { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), contactRateLimit: 0, logLevel: 'silent', ...overrides };
}

export function testApp(overrides: Partial<AppConfig> = {}, deps: Omit<AppDeps, 'config'> = {}): App {
  return createApp({ config: testConfig(overrides), ...deps });
}
