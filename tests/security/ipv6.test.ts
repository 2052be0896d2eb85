import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, createStaff, send, startApi } from "../api/harness";

// IPv6 clients are limited by their /64, IPv4 clients by their address (docs/security.md, "Client
// address"): a home connection holds a whole /64, so keying the full address let one visitor
// pose as 2⁶⁴ of them. Real limits (factor 1); the API sits behind a trusted proxy on 127.0.0.1,
// so X-Forwarded-For plays the visitors' addresses.
let api: Api;
beforeAll(async () => {
  process.env.TRUSTED_PROXIES = "127.0.0.1";
  api = await startApi({ rateLimitFactor: 1 });
});
afterAll(() => api.close());

const from = (ip: string) => ({ "x-forwarded-for": ip });
const contact = (ip: string, i: number) =>
  send(api, "POST", "/api/contact", {
    json: {
      fullname: "Ada Obi",
      email: `ada${i}@example.com`,
      phone: "08012345678",
      issue: 1,
      message: "Hello there, a question.",
    },
    headers: from(ip),
  });

describe("one key per IPv6 /64", () => {
  it("keys IPv6 by its /64, whatever the spelling, and IPv4 by its address", async () => {
    const { clientKey } = await import("../../api/client-ip");
    expect(clientKey("2001:db8:aa:bb::1")).toBe("2001:db8:aa:bb::/64");
    expect(clientKey("2001:0DB8:00aa:00bb:ffff:1:2:3")).toBe("2001:db8:aa:bb::/64");
    expect(clientKey("2001:db8:aa:bb:1::9%eth0")).toBe("2001:db8:aa:bb::/64");
    expect(clientKey("::1")).toBe("::/64");
    expect(clientKey("2001:db8:aa:bc::1")).not.toBe(clientKey("2001:db8:aa:bb::1"));
    expect(clientKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(clientKey("192.0.2.7")).toBe("192.0.2.7");
    expect(clientKey("192.0.2.8")).not.toBe(clientKey("192.0.2.7"));
    expect(clientKey("local")).toBe("local");
  });

  it("counts every address of one /64 as one visitor for contact messages; another /64 still gets through", async () => {
    const { LIMITS } = await import("../../api/limits");
    const allowance = LIMITS.contactPerIp.points;
    const statuses: number[] = [];
    // A fresh address of the same /64 for every message, as a flooder rotating its interface ids would.
    for (let i = 0; i <= allowance + 1; i++) {
      const res = await contact(`2001:db8:1:2:${(i + 1).toString(16)}::${(i * 7 + 3).toString(16)}`, i);
      statuses.push(res.status);
      await res.text();
    }
    expect(statuses.slice(0, allowance)).toEqual(Array(allowance).fill(201));
    expect(statuses.slice(allowance)).toEqual([429, 429]);
    expect((await contact("2001:db8:1:3::1", 999)).status).toBe(201);
  });

  it("pauses password guessing from a rotating /64 as from one address", async () => {
    const staff = await createStaff(api, "v6target@academy.test");
    const answers: { status: number; retryAfter: number }[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await send(api, "POST", "/api/auth/login/password", {
        json: { username: staff.email, password: `Wrong#Guess${i}` },
        headers: from(`2001:db8:9:9::${i + 1}`),
      });
      answers.push({ status: res.status, retryAfter: Number(res.headers.get("retry-after")) });
      await res.text();
    }
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(401));
    expect(answers.slice(10).map((a) => a.status)).toEqual([429, 429]);
    // The address+account pause (15 minutes), not only the account's short slow-down.
    for (const a of answers.slice(10)) expect(a.retryAfter).toBeGreaterThan(14 * 60);
  });
});
