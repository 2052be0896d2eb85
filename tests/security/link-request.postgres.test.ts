import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  type Api,
  fileOf,
  insertCourse,
  pdfBytes,
  readOutbox,
  send,
  sleep,
  startApi,
  uploadTokenHeader,
} from "../api/harness";
import { validApplicant } from "../fixtures/registration";

// Third review, item 10 (PostgreSQL only; in the run when TEST_DATABASE_URL is set): "send me my
// link again" looked the address up and wrote its new links before answering, so a known address
// was answered later than an unknown one. Now the lookup runs after the answer. Proof without a
// stopwatch: while the links table is locked, an unknown and a known address are both answered at
// once, and the known one's mail follows when the lock goes.
let api: Api;
beforeAll(async () => {
  api = await startApi();
  const { id } = await insertCourse(api, "Hair Styling");
  const form = new FormData();
  form.set("group", "idCards");
  form.set("file", fileOf(pdfBytes(), "nin.pdf"));
  const up = await send(api, "POST", "/api/applicant/files", {
    multipart: form,
    headers: await uploadTokenHeader(api),
  });
  const [file] = (await up.json()) as { public_id: string }[];
  const res = await send(api, "POST", "/api/applicant", {
    form: { ...validApplicant, courseId: id, email: "known@example.com", files: file.public_id },
  });
  expect(res.status).toBe(201);
});
afterAll(() => api.close());

describe("send me my link again", () => {
  it("answers a known address without waiting for its lookup", async () => {
    expect(process.env.DATABASE_URL).toMatch(/^postgres/);
    const pg = await import("pg");
    const holder = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    await holder.query("begin");
    await holder.query("lock table application_links in access exclusive mode");
    try {
      const ask = (email: string) =>
        Promise.race([
          send(api, "POST", "/api/application/link-request", { json: { email } }).then((r) => r.status),
          new Promise((resolve) => setTimeout(() => resolve("still waiting"), 3000)),
        ]);
      expect([await ask("nobody@example.com"), await ask("known@example.com")]).toEqual([202, 202]);
    } finally {
      await holder.query("rollback");
      await holder.end();
    }
    const linkMail = async () => {
      for (let i = 0; i < 400; i++) {
        const found = readOutbox(api).find(
          (m) => m.subject === "Your application at Fine Line Academy: your private link",
        );
        if (found) return found;
        await sleep(25);
      }
      return undefined;
    };
    expect(JSON.stringify((await linkMail())?.to)).toContain("known@example.com");
  });
});
