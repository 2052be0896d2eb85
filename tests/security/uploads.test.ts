import fs from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Api, fileOf, pdfBytes, rowCount, send, startApi } from "../api/harness";
import { storedCount } from "../api/stored-files";

// Items 4 and 13: an anonymous flood of applicant files cannot fill the disk, abandoned files go
// on a timer, and rows and files never disagree.
let api: Api;
beforeAll(async () => {
  process.env.TRUSTED_PROXIES = "127.0.0.1";
  api = await startApi({ rateLimitFactor: 1 });
});
afterAll(() => api.close());

const privateDir = () => path.join(api.dataDir, "private", "applicants");
const filesOnDisk = () => (fs.existsSync(privateDir()) ? fs.readdirSync(privateDir()) : []);
const bytesOnDisk = () => filesOnDisk().reduce((n, f) => n + fs.statSync(path.join(privateDir(), f)).size, 0);
async function upload(ip: string, count = 3, size = 3 * 1024 * 1024) {
  const form = new FormData();
  form.set("group", "idCards");
  for (let i = 0; i < count; i++) form.append("file", fileOf(pdfBytes(size), `id${i}.pdf`));
  // Each call another visitor's page: its own upload token.
  const page = await send(api, "GET", "/api/applicant/upload-token");
  const { token } = (await page.json()) as { token: string };
  return send(api, "POST", "/api/applicant/files", {
    multipart: form,
    headers: { "x-forwarded-for": ip, "x-upload-token": token },
  });
}

describe("anonymous file flood", () => {
  it("stops at the cap of unclaimed bytes, from however many addresses, with 429 and a message", async () => {
    const { unclaimedCap, unclaimedReserve } = await import("../../api/lib/upload-quota");
    const real = unclaimedCap.bytes;
    const reserve = unclaimedReserve.bytes;
    expect(real).toBe(512 * 1024 * 1024);
    // The same rule, at a size a test can reach (a fifth of it the reserve for quiet networks).
    unclaimedCap.bytes = 40 * 1024 * 1024;
    unclaimedReserve.bytes = 8 * 1024 * 1024;
    try {
      const statuses = [];
      for (let i = 0; i < 8; i++) statuses.push((await upload(`198.51.100.${i}`)).status);
      // 4 uploads of 9 MiB fit in 40 MiB; the rest are refused, whoever sends them.
      expect(statuses).toEqual([201, 201, 201, 201, 429, 429, 429, 429]);
      const refused = await upload("198.51.100.99", 3, 2 * 1024 * 1024);
      expect(refused.headers.get("retry-after")).toBe("3600");
      expect(await refused.text()).toBe(
        "We cannot take more files right now. Please try again in an hour, or contact us.",
      );
      expect(bytesOnDisk()).toBeLessThanOrEqual(40 * 1024 * 1024);
      expect(await rowCount(api, "private_files")).toBe(12);
    } finally {
      unclaimedCap.bytes = real;
      unclaimedReserve.bytes = reserve;
    }
  });

  it("does not sweep on upload (an attacker's call does no cleanup work); the timer removes day-old unclaimed files", async () => {
    await api.db
      .updateTable("private_files")
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() })
      .execute();
    expect((await upload("192.0.2.1", 1, 1024)).status).toBe(201);
    expect(await rowCount(api, "private_files")).toBe(13);
    const { runHousekeeping } = await import("../../api/housekeeping");
    await runHousekeeping();
    expect(await rowCount(api, "private_files")).toBe(1);
    expect(await storedCount("private", api.dataDir)).toBe(1);
  });
});

describe("rows and files agree", () => {
  it("writes the row before the file: when the database refuses the row, no file is left on disk", async () => {
    const { sql } = await import("kysely");
    const before = filesOnDisk().length;
    const postgres = !!process.env.DATABASE_URL;
    // The database fails the insert, as a full or lost database would.
    if (postgres) {
      await sql`create or replace function refuse_file() returns trigger language plpgsql as $$ begin raise exception 'database unavailable'; end $$`.execute(
        api.db,
      );
      await sql`create trigger refuse_file before insert on private_files for each row execute function refuse_file()`.execute(
        api.db,
      );
    } else {
      await sql`create trigger refuse_file before insert on private_files begin select raise(abort, 'database unavailable'); end`.execute(
        api.db,
      );
    }
    try {
      const res = await upload("192.0.2.2", 1, 1024);
      expect(res.status).toBe(500);
      expect(filesOnDisk()).toHaveLength(before);
    } finally {
      await sql`drop trigger refuse_file${postgres ? sql` on private_files` : sql``}`.execute(api.db);
      if (postgres) await sql`drop function refuse_file()`.execute(api.db);
    }
  });

  it("a row whose file never landed (a crash between the two) is swept without error", async () => {
    const { newId } = await import("../../api/lib/ids");
    const publicId = `applicants/${newId()}`;
    await api.db
      .insertInto("private_files")
      .values({
        public_id: publicId,
        applicant_id: null,
        file_group: "idCards",
        original_name: "lost.pdf",
        content_type: "application/pdf",
        size: 10,
        created_at: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString(),
      })
      .execute();
    const { runHousekeeping } = await import("../../api/housekeeping");
    await runHousekeeping();
    expect(
      await api.db.selectFrom("private_files").select("public_id").where("public_id", "=", publicId).executeTakeFirst(),
    ).toBeUndefined();
  });
});
