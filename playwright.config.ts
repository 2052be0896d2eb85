import path from "node:path";

import { defineConfig, type PlaywrightTestOptions } from "@playwright/test";

// Two servers, each the production build through remix-serve on its own freshly seeded data:
// "public" for journeys that read the demo lists (they count them), "staff" for journeys that
// publish, register and log in and out — so one never changes the lists the other counts.
// Every journey runs twice: JavaScript on ("js-on") and off ("js-off"). The browser is
// Debian's Chromium; nothing here downloads one.
const basePort = Number(process.env.E2E_PORT ?? 3100);
const cacheDir = path.resolve(process.env.E2E_DATA_DIR ?? ".cache/e2e");
export type E2EOptions = { dataDir: string };

// The "staff" server pays online through a stand-in Paystack on this machine (tests/support/paystack.ts),
// which it knows only as PAYSTACK_BASE_URL; the stand-in sends its signed events to that server.
const paystackPort = basePort + 9;
const paystackKey = "sk_test_e2e0000000000000000000000000000000000";
const servers: { name: string; port: number; dataDir: string; testMatch: RegExp; env: Record<string, string> }[] = [
  {
    name: "public",
    port: basePort,
    dataDir: path.join(cacheDir, "public"),
    testMatch: /(visitor-|smoke).*\.spec\.ts/,
    env: {},
  },
  {
    name: "staff",
    port: basePort + 1,
    dataDir: path.join(cacheDir, "staff"),
    testMatch: /(staff-|registration).*\.spec\.ts/,
    env: { PAYSTACK_SECRET_KEY: paystackKey, PAYSTACK_BASE_URL: `http://127.0.0.1:${paystackPort}` },
  },
];
const modes: { name: string; use: Partial<PlaywrightTestOptions> }[] = [
  { name: "js-on", use: { javaScriptEnabled: true } },
  { name: "js-off", use: { javaScriptEnabled: false } },
];

export default defineConfig<E2EOptions>({
  testDir: "tests/e2e",
  // On CI the journeys share both cores with the other lanes' suites, and machines of this kind
  // differ by 2–4× from day to day (docs/decisions/090-ci-in-three-lanes.md): the time a journey may
  // take there is three times a developer's, and a wait for what a page shows twice. These are
  // bounds against a hang, not budgets: the budgets are `npm run bench`'s.
  timeout: process.env.CI ? 90_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 7_000 },
  fullyParallel: false,
  // A `test.only` left in a commit would silently run one journey on CI and report success.
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  reporter: process.env.PW_REPORT ? [["list"], ["json", { outputFile: process.env.PW_REPORT }]] : [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: servers.flatMap((server) =>
    modes.map((mode) => ({
      name: mode.name,
      testMatch: server.testMatch,
      use: { ...mode.use, baseURL: `http://localhost:${server.port}`, dataDir: server.dataDir },
    })),
  ),
  webServer: [
    ...servers.map((server) => ({
      command: "bash scripts/e2e-server.sh",
      url: `http://localhost:${server.port}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { E2E_PORT: String(server.port), E2E_DATA_DIR: server.dataDir, ...server.env },
      stdout: "ignore" as const,
      stderr: "pipe" as const,
    })),
    {
      command: "npx tsx tests/support/paystack-server.ts",
      url: `http://127.0.0.1:${paystackPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        PAYSTACK_FAKE_PORT: String(paystackPort),
        PAYSTACK_SECRET_KEY: paystackKey,
        PAYSTACK_WEBHOOK_URL: `http://localhost:${basePort + 1}/api/payments/paystack/webhook`,
      },
      stdout: "ignore" as const,
      stderr: "pipe" as const,
    },
  ],
});
