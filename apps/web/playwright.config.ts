import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
// E2E_PORT lets several checkouts run the suite side by side.
const PORT = Number(process.env.E2E_PORT ?? 3199);

// SITELENS_E2E_URL runs the suite against a server that is already up (e.g. `npm run dev`).
const externalUrl = process.env.SITELENS_E2E_URL;

/** Removes the directories of earlier runs whose process is gone (each holds a demo database). */
function sweepEarlierRuns(): void {
  for (const name of readdirSync(tmpdir())) {
    const pid = /^sitelens-e2e-(\d+)-\d+$/.exec(name)?.[1];
    if (!pid || Number(pid) === process.pid) continue;
    try {
      process.kill(Number(pid), 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') rmSync(join(tmpdir(), name), { recursive: true, force: true });
    }
  }
}

// A fresh run directory (database and test output); workers inherit the variable instead of making their own.
if (!process.env.SITELENS_E2E_RUN_DIR) {
  sweepEarlierRuns();
  process.env.SITELENS_E2E_RUN_DIR = join(tmpdir(), `sitelens-e2e-${process.pid}-${Date.now()}`);
}
const runDir = process.env.SITELENS_E2E_RUN_DIR;
const dataDir = join(runDir, 'data');
mkdirSync(dataDir, { recursive: true });

export default defineConfig({
  testDir: './e2e',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: join(runDir, 'results'),
  use: {
    baseURL: externalUrl ?? `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    // A failed test keeps its trace with the page's DOM at every step, but no screencast: recording
    // frames for every test doubled Chromium's CPU on this 2-core machine (docs/decisions.md).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
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
  },
  // The transfer spec makes the demo administrator a member of a second organization (createOrganization),
  // after which every sign-in as them asks which organization first: it runs once every other spec is done.
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: /dashboard-transfer\.spec\.ts$/ },
    { name: 'second-organization', use: { browserName: 'chromium' }, testMatch: /dashboard-transfer\.spec\.ts$/, dependencies: ['chromium'] },
  ],
  // The server serves the built app: run `npm run build -w @sitelens/web` first.
  webServer: externalUrl
    ? undefined
    : {
        command: 'npm run start -w @sitelens/server',
        cwd: repoRoot,
        // Failed sends are retried once after a second, so a browser test sees a message fail and be
        // retried; webhooks may go to this machine (a closed port there is the failing receiver).
        env: {
          PORT: String(PORT),
          DATA_DIR: dataDir,
          DEMO_DAYS: '14',
          WIDGET_BUILDER_ORIGIN: `http://localhost:${PORT}`,
          MESSAGE_RETRY_LIMIT: '1',
          MESSAGE_RETRY_DELAY_SECONDS: '1',
          WEBHOOK_ALLOW_PRIVATE: 'on',
          // Exports past 64 KB go as a download link (e2e/exports.spec.ts); an hour's export stays attached.
          EXPORT_ATTACHMENT_MAX_BYTES: '65536',
          // The OpenID provider that e2e/sso.spec.ts starts on the next port (the login page's button).
          OIDC_SOCIAL_ISSUER: `http://127.0.0.1:${PORT + 1}`,
          OIDC_SOCIAL_CLIENT_ID: 'sitelens-e2e',
          OIDC_SOCIAL_CLIENT_SECRET: 'sitelens-e2e-oidc-secret',
          OIDC_SOCIAL_LABEL: 'Test ID',
          // The demo administrator is a platform operator: e2e/dashboard-transfer.spec.ts creates a second organization.
          PLATFORM_ADMIN_EMAILS: 'admin@sitelens.example',
        },
        url: `http://127.0.0.1:${PORT}/healthz`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
