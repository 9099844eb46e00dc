import { defineConfig } from '@playwright/test';

/**
 * Browser tests on Debian's chromium (never a downloaded browser). Each worker starts its own platform (server,
 * database with the demo data, mailbox), so the spec files are shared out between two workers: a file's tests run
 * in order in one worker, and no file may count on what another file did. E2E_WORKERS changes the number (1 to
 * follow one failure alone). Two workers: 92 tests in 14.4 min on a slow day, where one took 16.7–19.9 min.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '../test-results',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    viewport: { width: 1280, height: 900 },
    // The pages without their fades and slides (the theme respects the reader's wish): no test waits for a dialog
    // to finish moving, and a busy machine draws fewer frames.
    reducedMotion: 'reduce',
    // Recording a trace (a DOM snapshot and a screencast frame at every step) made each test a quarter slower on
    // two cores, and CI shows only the text: E2E_TRACE=1 records one, kept for a failed test.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
});
