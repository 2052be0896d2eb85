import fs from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, mailQueueDrained, send, signedInStaff, startApi } from "../api/harness";

// Third review, finding 4: without SMTP_URL every mail is written whole (recipient, names, links)
// into DATA_DIR/outbox/, and those files outlived both the person's erasure and the outbox's
// retention. Now erasing a person removes their mails' files with their rows, and housekeeping
// sweeps the folder with the outbox's retention (sent: 7 days; given up: 30).
let api: Api;
let cookie: string;
beforeAll(async () => {
  api = await startApi();
  ({ cookie } = await signedInStaff(api));
});
afterAll(() => api.close());

const outbox = () => path.join(api.dataDir, "outbox");
const files = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).sort() : []);
const mentioning = (text: string) =>
  files().filter((f) => fs.readFileSync(path.join(outbox(), f), "utf8").includes(text));
const contact = (email: string) =>
  send(api, "POST", "/api/contact", {
    json: { fullname: "Funke Ade", email, phone: "08012345678", issue: 1, message: "Hello there, a question." },
  });

describe("the outbox folder", () => {
  it("a person's erasure removes their mails' files with their rows", async () => {
    expect((await contact("funke@example.com")).status).toBe(201);
    expect((await contact("other@example.com")).status).toBe(201);
    await mailQueueDrained(api);
    expect(mentioning("funke@example.com").length).toBeGreaterThan(0);
    const others = mentioning("other@example.com");
    expect(others.length).toBeGreaterThan(0);
    const erased = await send(api, "POST", "/api/privacy/person/erase", {
      cookie,
      json: { email: "funke@example.com" },
    });
    expect(erased.status).toBe(200);
    expect(mentioning("funke@example.com")).toEqual([]);
    expect(mentioning("other@example.com")).toEqual(others);
  });

  it("housekeeping sweeps files past the outbox's retention, and files whose mail is gone", async () => {
    await mailQueueDrained(api);
    fs.mkdirSync(outbox(), { recursive: true });
    const day = 24 * 3600 * 1000;
    const old = `${Date.now() - 31 * day}-aaaaaaaaaaaaaaaaaaaaaaaa.json`;
    const orphan = `${Date.now() - 8 * day}-bbbbbbbbbbbbbbbbbbbbbbbb.json`;
    const recentOrphan = `${Date.now() - 60_000}-cccccccccccccccccccccccc.json`;
    for (const name of [old, orphan, recentOrphan]) fs.writeFileSync(path.join(outbox(), name), "{}");
    const kept = files().filter((f) => ![old, orphan, recentOrphan].includes(f));
    const { runHousekeeping } = await import("../../api/housekeeping");
    await runHousekeeping();
    expect(files()).toEqual([...kept, recentOrphan].sort());
  });
});
