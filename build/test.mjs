#!/usr/bin/env node
// `npm test`: every test Kontor has, in the order that fails fastest.
//  1. formatting and types   2. jest (front end + server on embedded PGlite)
//  3. the server suite again on a PostgreSQL 15 server   4. build, then Playwright in Chromium
// Prints one closing line "tests: N passed, N failed" over all runners.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), 'kontor-test-'));
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`
const wanted = (step) => only.length === 0 || only.includes(step);
let passed = 0;
let failed = 0;
const failedSteps = [];
const durations = []; // each step's wall time, printed at the end (CI has a 30-minute budget)
const STEP_TIMEOUT_MS = 25 * 60_000;

function run(step, command, args, env = {}) {
  console.log(`\n=== ${step}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
    // A step that hangs (a test leaving a handle open) fails instead of holding CI forever.
    timeout: STEP_TIMEOUT_MS,
    killSignal: 'SIGKILL',
  });
  if (result.error?.code === 'ETIMEDOUT')
    console.log(`\n${step}: stopped after ${STEP_TIMEOUT_MS / 60_000} minutes`);
  if (result.status !== 0) failedSteps.push(step);
  durations.push(`${step} ${Math.round((Date.now() - started) / 1000)} s`);
  return result.status === 0;
}

function countJest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + report.numRuntimeErrorTestSuites;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
}

if (wanted('lint')) {
  run('format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']);
  run('lint', 'npx', ['oxlint', '-c', '.oxlintrc.json', '--quiet']);
  run('types (front end)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  run('types (server)', 'npx', ['tsc', '-p', 'server/tsconfig.json', '--noEmit']);
  run('types (shop stand-ins)', 'npx', ['tsc', '-p', 'shop-standins/tsconfig.json', '--noEmit']);
  run('GraphQL codegen is current', 'node', ['build/codegen.mjs', '--check']);
}

// The tests that start `server/dist/main.js` build it once per jest worker unless it is built
// already: built here once for the whole run, so no worker rewrites server/dist while another
// worker's server is starting from it.
if (
  (wanted('unit') || wanted('postgres')) &&
  run('server build', 'npm', ['run', '--silent', 'build', '-w', 'server'])
)
  process.env.KONTOR_SERVER_BUILT = '1';

if (wanted('unit')) {
  const file = join(reports, 'jest.json');
  run('jest', 'npx', ['jest', '--json', `--outputFile=${file}`]);
  countJest(file);
}

if (wanted('postgres')) {
  const file = join(reports, 'jest-postgres.json');
  run('server on PostgreSQL', 'bash', [
    'server/scripts/test-postgres.sh',
    '--json',
    `--outputFile=${file}`,
  ]);
  countJest(file);
}

if (wanted('e2e')) {
  if (
    run('build', 'node', ['build/build.mjs']) &&
    run('server build', 'npm', ['run', 'build', '-w', 'server']) &&
    // The shop connectors' e2e tests start the stand-in shops' CLI.
    run('stand-in shops build', 'npm', ['run', 'build', '-w', 'shop-standins'])
  ) {
    const file = join(reports, 'playwright.json');
    run('playwright', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    });
    countPlaywright(file);
  }
}

rmSync(reports, { recursive: true, force: true });
console.log(`\nsteps: ${durations.join(', ')}`);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
