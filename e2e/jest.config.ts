/** @jest-config-loader esbuild-register */
/**
 * Whole-site browser tests: real builds served by the real api, driven in Debian's Chromium through
 * playwright-core. Run by `npm run test:e2e` (which builds first) and by `npm test`.
 */
import type { Config } from 'jest';

const config: Config = {
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/**/*.spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/../tsconfig.test.json' }] },
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  testTimeout: 90_000,
  maxWorkers: 1,
};

export default config;
