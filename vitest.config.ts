import path from "node:path";

import { defineConfig } from "vitest/config";

// On CI the suites run in three lanes that share both cores (docs/decisions/090-ci-in-three-lanes.md):
// a test's time limit there is a bound against a hang, three times a developer's. Budgets are the bench's.
const slack = process.env.CI ? 3 : 1;

export default defineConfig({
  // The same aliases as tsconfig.json's `paths` (the Remix compiler reads those).
  resolve: {
    alias: {
      "~": path.resolve(__dirname, "app"),
      "@domain": path.resolve(__dirname, "domain"),
      "@api": path.resolve(__dirname, "api"),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        // Some unit tests run a program (promtool, systemd-analyze): seconds on a busy machine.
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          testTimeout: 10_000 * slack,
        },
      },
      {
        extends: true,
        // One file at a time: every file gets a fresh database, and PostgreSQL runs share one.
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          pool: "forks",
          fileParallelism: false,
          testTimeout: 20_000 * slack,
          hookTimeout: 30_000 * slack,
        },
      },
      {
        extends: true,
        // Each file attacks a real API over HTTP, with the real limits (docs/security.md).
        // The PostgreSQL-only attack (a terminated backend) is in the run when there is one.
        test: {
          name: "security",
          include: ["tests/security/*.test.ts"],
          exclude: process.env.TEST_DATABASE_URL ? [] : ["tests/security/**/*.postgres.test.ts"],
          pool: "forks",
          fileParallelism: false,
          testTimeout: 60_000 * slack,
          hookTimeout: 30_000 * slack,
        },
      },
      {
        extends: true,
        // The web tier's defences against a running production build (needs `remix build`);
        // each file starts its own remix-serve on E2E_PORT+2…+6, so files run one at a time.
        test: {
          name: "security-web",
          include: ["tests/security/web/*.test.ts"],
          pool: "forks",
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        // Two production instances and nginx on TEST_DATABASE_URL (issue 10, docs/deploy.md):
        // needs `remix build` and PostgreSQL; scripts/test.sh runs it only then.
        test: {
          name: "scaleout",
          include: ["tests/scaleout/*.test.ts"],
          pool: "forks",
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
      {
        extends: true,
        // A decade of content, smaller (docs/decisions/027-keyset-paging-search-sitemap.md): the server
        // build in process on ~20,000 posts and applicants (needs `remix build`), on SQLite or
        // TEST_DATABASE_URL; the cross-engine search comparison needs PostgreSQL.
        test: {
          name: "scale",
          include: ["tests/scale/*.test.ts"],
          exclude: process.env.TEST_DATABASE_URL ? [] : ["tests/scale/**/*.postgres.test.ts"],
          pool: "forks",
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        // Generated input against the server build (tests/fuzz/site.ts): one file at a time, as
        // each gets a fresh database; `npm run fuzz` raises FUZZ_RUNS_SCALE for a longer run.
        test: {
          name: "fuzz",
          include: ["tests/fuzz/**/*.test.ts"],
          pool: "forks",
          fileParallelism: false,
          testTimeout: 120_000 * Number(process.env.FUZZ_RUNS_SCALE ?? 1),
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
