import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { BASE_PORT, freshDataDir, type Server, startServer } from "./server";

// The third adversarial review, web side (docs/security.md, "Round three"): each test performs
// the reviewer's request against the production build, with nginx's page cache assumed in front
// (PROXY_PAGE_CACHE=1), the setting under which a public answer is also dated for nginx.
let server: Server;

beforeAll(async () => {
  // + 7: the files of this folder run one at a time, each on its own port of the few given.
  server = await startServer({
    port: BASE_PORT + 7,
    dataDir: freshDataDir("round-three"),
    env: { PROXY_PAGE_CACHE: "1" },
  });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe("the guardian's confirmation page carries a token in its URL", () => {
  const token = "Zq9GuardianTokenNeverShared0123456789abcdef";
  test.each([`/guardian/confirm?token=${token}`, `/guardian/confirm.data?token=${token}`])(
    "%s is private, no-store and not dated for nginx",
    async (pathname) => {
      const res = await fetch(server.url + pathname);
      expect(res.status).toBe(200);
      await res.text();
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("x-accel-expires")).toBeNull();
    },
  );
});
