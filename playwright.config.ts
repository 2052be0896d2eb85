import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `${process.cwd()}/.cache/e2e-data`;

// Every journey runs twice: JavaScript on, and JavaScript off. The browser is Debian's
// Chromium; nothing here downloads one.
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: process.env.PW_REPORT ? [["list"], ["json", { outputFile: process.env.PW_REPORT }]] : [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true } },
    { name: "js-off", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "bash scripts/e2e-server.sh",
    url: `http://localhost:${port}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(port), E2E_DATA_DIR },
    stdout: "ignore",
    stderr: "pipe",
  },
});
