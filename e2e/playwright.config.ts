import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.ts';
import { portalEnv } from './tests/portal-helpers.ts';

const port = Number(process.env.E2E_PORT ?? 4321);
// Journeys that change what every other journey books against run once those have ended.
const afterTheOthers = /\/(schedule|team)\.spec\.ts$/;
// One fresh embedded database per run; workers inherit the same folder through the environment.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'portal-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // A journey is several people's pages, e-mails and challenges on a two-core machine that also runs the server and
  // another journey: the default 30 s cut the longest ones short on CI.
  timeout: 90_000,
  // For the same reason a step may wait 10 s, not 5: registering solves the proof-of-work challenge in the browser
  // and hashes the password on the server, which took longer than 5 s beside another journey on CI.
  expect: { timeout: 10_000 },
  // On CI (a throwaway clone whose files nobody opens) no report, trace or screenshot is kept: recording a trace of
  // every journey cost about a tenth of the run. A developer gets them for each failing journey.
  reporter: process.env.CI
    ? 'list'
    : [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: process.env.CI ? 'off' : 'only-on-failure',
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: afterTheOthers,
      teardown: 'schedule',
    },
    // The schedule's journey closes a day and sets a buffer on the server every journey shares, the team's gives a
    // service a second consultant: they run once the others have all ended, whether they passed or not
    // (docs/decisions/006).
    {
      name: 'schedule',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: afterTheOthers,
    },
  ],
  webServer: {
    // The product exactly as the README starts it.
    command: 'npm start',
    cwd: resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: portalEnv(port, dataDir),
  },
});
