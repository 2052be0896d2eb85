import http from "node:http";
import type { AddressInfo } from "node:net";

import { describe, expect, it } from "vitest";

import { requestReceivedAt } from "../../api/client-ip";
import { proxyExpiry } from "../../api/lib/proxy-cache";

// nginx's page cache keeps a page to the end of the second its request arrived in, never longer
// (api/lib/proxy-cache.ts): the expiry is that second, and the arrival is the HTTP server's.
describe("how long nginx may keep a page", () => {
  it("until the end of the second the request arrived in, only with a page cache in front", () => {
    expect(proxyExpiry(1_795_482_233_000, true)).toBe("@1795482233");
    expect(proxyExpiry(1_795_482_233_999, true)).toBe("@1795482233");
    expect(proxyExpiry(1_795_482_233_999, false)).toBeUndefined();
    expect(proxyExpiry(undefined, true)).toBeUndefined();
  });

  it("counts from when the HTTP server received the request, carried through its async work", async () => {
    expect(requestReceivedAt()).toBeUndefined();
    const server = http.createServer(async (_req, res) => {
      await new Promise((r) => setTimeout(r, 30));
      res.end(String(requestReceivedAt()));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const before = Date.now();
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const receivedAt = Number(await res.text());
      expect(receivedAt).toBeGreaterThanOrEqual(before);
      // Arrival, not the moment of the answer 30 ms later.
      expect(receivedAt).toBeLessThan(Date.now() - 25);
    } finally {
      server.close();
    }
  });
});
