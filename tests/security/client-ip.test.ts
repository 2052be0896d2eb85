import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, send, startApi } from "../api/harness";

// Item 3's plumbing: the client address comes from the socket; X-Forwarded-For counts only
// from a trusted proxy; in-process calls (the web tier's) see the visitor's address too.
let api: Api;
beforeAll(async () => {
  process.env.TRUSTED_PROXIES = "10.0.0.1";
  api = await startApi({ rateLimitFactor: 1 });
});
afterAll(() => api.close());

describe("client address", () => {
  it("ignores X-Forwarded-For from an untrusted peer: a flooder cannot pose as new visitors", async () => {
    const statuses = [];
    for (let i = 0; i < 102; i++) {
      const res = await send(api, "POST", "/api/contact", {
        json: {
          fullname: "Flood Er",
          email: `f${i}@example.com`,
          phone: "08012345678",
          issue: 1,
          message: "Spam spam spam.",
        },
        headers: { "x-forwarded-for": `203.0.113.${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(100).fill(201), 429, 429]);
  });

  it("believes a trusted proxy, walking the chain from the right", async () => {
    const { clientIp, withClientAddress } = await import("../../api/client-ip");
    expect(withClientAddress("10.0.0.1", () => clientIp(), "198.51.100.9")).toBe("198.51.100.9");
    expect(withClientAddress("10.0.0.1", () => clientIp(), "6.6.6.6, 198.51.100.9")).toBe("198.51.100.9");
    expect(withClientAddress("10.0.0.1", () => clientIp(), "198.51.100.9, 10.0.0.1")).toBe("198.51.100.9");
    expect(withClientAddress("192.0.2.50", () => clientIp(), "198.51.100.9")).toBe("192.0.2.50");
    expect(withClientAddress("::ffff:192.0.2.51", () => clientIp())).toBe("192.0.2.51");
  });

  it("limits in-process calls by the visitor's address (the web tier calls the API without a socket of its own)", async () => {
    const { withClientAddress } = await import("../../api/client-ip");
    const { handleApiRequest } = await import("../../api/index");
    let sent = 0;
    const post = (ip: string) =>
      withClientAddress(ip, () =>
        handleApiRequest(
          new Request("http://academy.internal/api/contact", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              fullname: "Ada Obi",
              email: `ada${sent++}@example.com`,
              phone: "08012345678",
              issue: 2,
              message: "From the web tier.",
            }),
          }),
        ),
      );
    const statuses = [];
    for (let i = 0; i < 101; i++) statuses.push((await post("192.0.2.77")).status);
    expect(statuses).toEqual([...Array(100).fill(201), 429]);
    expect((await post("192.0.2.78")).status).toBe(201);
  });
});
