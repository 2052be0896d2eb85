import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, mailQueueDrained, readOutbox, send, startApi } from "../api/harness";

// Job alerts with the real limits (factor 1): the form must not become a way to flood someone's
// mailbox, and must not refuse a crowd behind one carrier address (docs/security.md).
let api: Api;
beforeAll(async () => {
  process.env.TRUSTED_PROXIES = "127.0.0.1";
  api = await startApi({ rateLimitFactor: 1 });
});
afterAll(() => api.close());

const ask = (email: string, ip: string) =>
  send(api, "POST", "/api/job-alerts", { json: { email }, headers: { "x-forwarded-for": ip } });

describe("job alerts", () => {
  it("mails one address at most three confirmation links a day, asked from many addresses, and answers each ask the same", async () => {
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await ask("victim@example.com", `198.51.100.${i + 1}`));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(202));
    expect(new Set(await Promise.all(answers.map((r) => r.text()))).size).toBe(1);
    await mailQueueDrained(api);
    expect(readOutbox(api).filter((m) => JSON.stringify(m.to).includes("victim@example.com"))).toHaveLength(3);
  });

  it("takes 50 job seekers behind one address within the hour, and stops a flood from it", async () => {
    const crowd = [];
    for (let i = 0; i < 50; i++) crowd.push((await ask(`seeker${i}@example.com`, "203.0.113.9")).status);
    expect(crowd).toEqual(Array(50).fill(202));
    const flood = [];
    for (let i = 0; i < 30; i++) flood.push((await ask(`bot${i}@example.com`, "203.0.113.9")).status);
    expect(flood.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
    // Someone elsewhere still gets through.
    expect((await ask("real@example.com", "192.0.2.44")).status).toBe(202);
  });
});
