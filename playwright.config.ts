// Playwright against `npm start` (run `npm run build` first), on Debian's Chromium: no browser download.
// The server gets its own port and its own embedded PostgreSQL, so it runs beside `npm run dev`.
import { defineConfig, devices } from "@playwright/test";
import { E2E_OUTBOX_TOKEN } from "./e2e/outbox-token";
import { stripeDoubleServerEnv } from "./e2e/stripe-double-env";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
const PHONE_SPECS =
  /(a11y|home|checkout-pages|checkout-guest-card|wallet-page|platform-gift|platform-invoice|platform-fund-session|fund-funded|portal-phone|portal-polish|portal-overview|going-live|payment-pages|checkout-wallet-radio|portal-refund|portal-invoices)\.spec\.ts/;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: process.env.CI ? 2 : undefined,
  // Flows walk several pages on a 2-core machine that also runs the server: 30 s was too tight for the longest.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { outputFolder: "playwright-report", open: "never" }]],
  use: {
    baseURL,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
      ],
    },
  },
  projects: [
    // Black-box API flows over HTTP (no browser page): once, not per viewport.
    { name: "api", testMatch: /api-.*\.spec\.ts/ },
    { name: "desktop", testIgnore: /(api-.*|portal-phone)\.spec\.ts/, use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
    // The phone runs what a payer meets on a phone: every hosted page and state under axe (a11y.spec), the
    // landing page and the payer flows with their screenshots; and every developer portal page, reached from
    // the portal's navigation on a business with 30 days of history, must fit the 390 px width and pass axe
    // (portal-phone.spec). Flow logic that does not depend on the viewport (link states, security, platform
    // access, the portal's forms) runs once, on the desktop (docs/decisions/launcher-ci.md).
    {
      name: "phone",
      testMatch: PHONE_SPECS,
      use: { ...devices["Desktop Chrome"], viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    command: "npm start",
    url: `${baseURL}/api/v1/openapi.json`,
    timeout: 120_000,
    reuseExistingServer: !process.env.CI,
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "pipe",
    env: {
      PORT: String(PORT),
      APP_URL: baseURL,
      // An empty DATABASE_URL makes scripts/launch.ts start the embedded server below.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? "54331",
      EMBEDDED_PG_DIR: process.env.E2E_PG_DIR ?? ".data/e2e-postgres",
      NEXT_TELEMETRY_DISABLED: "1",
      // `npm start` refuses to serve without a random signing secret of 32+ characters (lib/config).
      COINOP_SECRET: "e2e-only-coinop-secret-never-use-in-production-0123456789",
      // Serve /dev/mail in this production build: specs read sign-up and reset mails there (no SMTP_URL).
      COINOP_MAIL_OUTBOX: "1",
      // The specs' webhook receivers listen on 127.0.0.1: loopback receivers are off by default under `npm start`.
      WEBHOOK_ALLOW_LOOPBACK: "1",
      // ... behind this token (e2e/outbox-token.ts): under `npm start` the outbox asks for one.
      COINOP_MAIL_OUTBOX_TOKEN: E2E_OUTBOX_TOKEN,
      // The seed's /portal/developer-login is a 404 in production unless this is set: the portal specs sign in with it.
      COINOP_DEVELOPER_LOGIN: "1",
      // One JSON line per /v1 request would bury the test report: only 5xx lines (E2E_LOG_LEVEL=info for all).
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "error",
      // Live card payments go to the Stripe double that e2e/stripe-live.spec.ts runs (e2e/stripe-double-env.ts).
      ...stripeDoubleServerEnv,
    },
  },
});
