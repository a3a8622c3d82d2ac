/** @jest-config-loader esbuild-register */
/**
 * Unit and integration tests of every package (`*.test.ts(x)` beside the code). Browser tests of the
 * whole site live in e2e/ and run through e2e/jest.config.ts (npm run test:e2e).
 */
import type { Config } from 'jest';
import { REMOTES } from './contracts/src/remotes';

const transform: Config['transform'] = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json', isolatedModules: true }],
};

const browserProject = (name: string): Config => ({
  displayName: name,
  rootDir: __dirname,
  roots: [`<rootDir>/${name}`],
  testEnvironment: '<rootDir>/shell/test/jsdom-environment.cjs',
  testMatch: ['**/*.test.ts?(x)'],
  transform,
  setupFiles: ['<rootDir>/shell/test/setup-globals.ts'],
  setupFilesAfterEnv: ['<rootDir>/shell/test/setup-dom.ts'],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/shell/test/style-stub.ts',
    '\\.(svg|png|webp|jpg|woff2)$': '<rootDir>/shell/test/file-stub.ts',
  },
});

const config: Config = {
  // Jest's default of 5 s per test (and hook) was what the several-instance suites leaned on: one
  // (canary-sides: 400 visitors, some asked again on both instances) takes 0.7 s alone and went past
  // 5 s on a machine loaded ten deep. No test measures this deadline (those that time something wait
  // for a condition with a bound of their own), so it is generous; it only stops a hung run. A
  // project cannot set it: Jest reads it from the root configuration alone.
  testTimeout: 60_000,
  projects: [
    {
      displayName: 'contracts',
      rootDir: __dirname,
      roots: ['<rootDir>/contracts'],
      testEnvironment: 'node',
      testMatch: ['**/*.test.ts'],
      transform,
    },
    {
      // The root scripts' own tests (the section generator).
      displayName: 'scripts',
      rootDir: __dirname,
      roots: ['<rootDir>/scripts'],
      testEnvironment: 'node',
      testMatch: ['**/*.test.ts'],
      transform,
    },
    {
      displayName: 'api',
      rootDir: __dirname,
      roots: ['<rootDir>/api'],
      testEnvironment: 'node',
      testMatch: ['**/*.test.ts'],
      transform,
      // d3's packages (the health page's charts) are ES modules, which Jest's CommonJS cannot require:
      // tests load their UMD builds, the same code bundled per package.
      moduleNameMapper: { '^(d3-[a-z-]+|internmap)$': '<rootDir>/node_modules/$1/dist/$1.js' },
    },
    browserProject('shell'),
    browserProject('editor'),
    ...REMOTES.map((remote) => browserProject(remote.packageDir)),
  ],
};

export default config;
