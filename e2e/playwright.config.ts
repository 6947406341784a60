import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import chromium from '../build/chromium.cjs';
import { TEST_PASSWORD_HASHING } from './support';

// The server under test: the built Kontor on a fresh embedded database with the demo data.
const port = Number(process.env.E2E_PORT ?? 8391);
const dataDir = mkdtempSync(join(tmpdir(), 'kontor-e2e-'));
const root = resolve(__dirname, '..');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? join(dataDir, 'report.json') },
    ],
  ],
  outputDir: join(root, 'test-results'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'de-DE',
    // A trace snapshots the DOM at every action of every test, kept or not: a third of the
    // suite's browser time. CI keeps no files, so traces are for a developer rerunning a
    // failure (E2E_TRACE=1); a failure always leaves its screenshot and the error's call log.
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  webServer: {
    command: 'node server/dist/main.js',
    cwd: root,
    url: `http://127.0.0.1:${port}/sanctum/csrf-cookie`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      ...TEST_PASSWORD_HASHING,
    },
  },
});
