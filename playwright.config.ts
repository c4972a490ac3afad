import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// One fresh embedded database per run; workers inherit the variable, so they agree on it.
process.env.ABODE_E2E_DATA ??= fs.mkdtempSync(path.join(os.tmpdir(), 'abode-e2e-'));
const port = Number(process.env.ABODE_E2E_PORT ?? 5123);

/** Debian's Chromium (no browser download), with the flags this closed network needs. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
    // The service worker answers requests itself, out of page.route's sight: journeys that
    // stub answers need it off. The offline journey turns it on (e2e/offline.spec.ts).
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: chromium,
      },
    },
  ],
  webServer: {
    // This Node (the project's own, decision 021), whatever `node` the PATH finds first.
    command: `"${process.execPath}" scripts/start.mjs`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(port),
      DATA_DIR: process.env.ABODE_E2E_DATA,
      SEED_DEMO: 'true',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The fixtures give each account they create an address of its own (fixtures.ts).
      TRUST_PROXY: '1',
      // A journey sees an unread message's reminder arrive (issue 37) within seconds, not 5 min.
      MESSAGE_REMINDER_SECONDS: '2',
      // The maps' tiles from this server (issue 39): a small archive of Accra's, so that no
      // journey reaches the internet (e2e/fixtures/make-map-tiles.mjs made it).
      MAP_PMTILES: 'e2e/fixtures/accra.pmtiles',
    },
  },
});
