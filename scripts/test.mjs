// `npm test`: lint (ESLint with the boundaries, Prettier, knip), typecheck, every package's Jest
// tests, then the browser suite on fresh builds.
// Ends with one line "N passed, N failed" summing both Jest runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILDS, ensureChromium, run } from './lib.mjs';

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-test-'));
const steps = [];
let failed = false;

async function step(name, command, args) {
  console.log(`\n=== ${name}`);
  const code = await run(command, args);
  steps.push(`${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`}`);
  if (code !== 0) failed = true;
  return code;
}

await step('lint', 'npm', ['run', 'lint', '--silent']);
await step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
await step('unit and integration tests', 'npx', ['jest', '--json', `--outputFile=${path.join(reports, 'unit.json')}`]);
if (!ensureChromium()) {
  steps.push('browser tests: failed (Chromium missing)');
  failed = true;
} else {
  let built = true;
  for (const pkg of BUILDS) {
    if ((await step(`build ${pkg}`, 'npm', ['run', 'build', '--silent', '-w', pkg])) !== 0) built = false;
  }
  if (built)
    await step('browser tests', 'npx', ['jest', '-c', 'e2e/jest.config.ts', '--json', `--outputFile=${path.join(reports, 'e2e.json')}`]);
}

let passed = 0;
let failures = 0;
for (const file of ['unit.json', 'e2e.json']) {
  const report = path.join(reports, file);
  if (!fs.existsSync(report)) continue;
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed += json.numPassedTests;
  failures += json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0);
}
console.log(`\n${steps.join('\n')}`);
if (passed === 0) failed = true;
console.log(`${passed} passed, ${failures} failed`);
process.exit(failed || failures > 0 ? 1 : 0);
