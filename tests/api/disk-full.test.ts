import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { validApplicant } from "../fixtures/registration";
import {
  allRowCounts,
  type Api,
  fileOf,
  insertCourse,
  pdfBytes,
  send,
  startApi,
  statusAndText,
  uploadTokenHeader,
} from "./harness";

// A write that fails for lack of space (docs/deploy.md, "Disk full"): the visitor is told so in
// words (507), and nothing of the write is kept: no row, no file, no part of one. The failures
// are injected where the disk or the database would raise them: the file write (ENOSPC), and the
// commit of a transaction whose statements all ran (SQLITE_FULL), which then rolls back for real.
let api: Api;
let course: { id: string };
const FULL = "We could not save this because the server has run out of storage space.";

beforeAll(async () => {
  api = await startApi({ env: { FILE_STORE: "disk" } });
  course = await insertCourse(api, "Disk Course");
});
afterAll(() => api.close());
afterEach(() => vi.restoreAllMocks());

function noSpace(code: string) {
  return Object.assign(new Error(`${code}: no space left`), { code });
}

/** Every file under the data folder's private files, partial ones included. */
function privateFiles() {
  const dir = path.join(api.dataDir, "private");
  return fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.includes("."))
    : [];
}

/** The next transaction runs its statements, then fails as a full database fails its commit. */
function failNextCommit() {
  const real = api.db.transaction.bind(api.db);
  vi.spyOn(api.db, "transaction").mockImplementationOnce(() => {
    const builder = real();
    return {
      ...builder,
      execute: (work: Parameters<typeof builder.execute>[0]) =>
        builder.execute(async (trx) => {
          await work(trx);
          throw noSpace("SQLITE_FULL");
        }),
    } as unknown as typeof builder;
  });
}

describe("disk full", () => {
  it("an upload that cannot be written answers 507 in words, and leaves no row and no file", async () => {
    const before = await allRowCounts(api);
    const filesBefore = privateFiles();
    vi.spyOn(fsp, "writeFile").mockRejectedValueOnce(noSpace("ENOSPC"));
    const form = new FormData();
    form.set("group", "idCards");
    form.append("file", fileOf(pdfBytes(), "nin.pdf"));
    const res = await send(api, "POST", "/api/applicant/files", {
      multipart: form,
      headers: await uploadTokenHeader(api),
    });
    const { status, text } = await statusAndText(res);
    expect(status).toBe(507);
    expect(text).toContain(FULL);
    expect(await allRowCounts(api)).toEqual(before);
    expect(privateFiles()).toEqual(filesBefore);
  });

  it("a registration whose transaction cannot commit keeps nothing: no applicant, no claimed file, no mail", async () => {
    const form = new FormData();
    form.set("group", "idCards");
    form.append("file", fileOf(pdfBytes(), "nin.pdf"));
    const upload = await send(api, "POST", "/api/applicant/files", {
      multipart: form,
      headers: await uploadTokenHeader(api),
    });
    expect(upload.status).toBe(201);
    const publicId = ((await upload.json()) as { public_id: string }[])[0]!.public_id;
    const before = await allRowCounts(api);
    const mailsBefore = (await api.db.selectFrom("mail_outbox").select("id").execute()).length;

    failNextCommit();
    const res = await send(api, "POST", "/api/applicant", {
      form: {
        ...validApplicant,
        email: "full.disk@example.com",
        courseId: course.id,
        courseTitle: "Disk Course",
        files: [publicId],
      },
    });
    const { status, text } = await statusAndText(res);
    expect(status).toBe(507);
    expect(text).toContain(FULL);
    expect(await allRowCounts(api)).toEqual(before);
    expect((await api.db.selectFrom("mail_outbox").select("id").execute()).length).toBe(mailsBefore);
    const file = await api.db
      .selectFrom("private_files")
      .select("applicant_id")
      .where("public_id", "=", publicId)
      .executeTakeFirstOrThrow();
    expect(file.applicant_id).toBeNull();

    // With room again the same form goes through, with the same file.
    const again = await send(api, "POST", "/api/applicant", {
      form: {
        ...validApplicant,
        email: "full.disk@example.com",
        courseId: course.id,
        courseTitle: "Disk Course",
        files: [publicId],
      },
    });
    expect(again.status).toBe(201);
  });

  it("a contact message that cannot be committed answers 507 and stores neither message nor notice", async () => {
    const before = await allRowCounts(api);
    const mailsBefore = (await api.db.selectFrom("mail_outbox").select("id").execute()).length;
    failNextCommit();
    const res = await send(api, "POST", "/api/contact", {
      json: { fullname: "Full Disk", email: "full@example.com", phone: "+2348031234567", issue: 1, message: "Hello" },
    });
    const { status, text } = await statusAndText(res);
    expect(status).toBe(507);
    expect(text).toContain(FULL);
    expect(await allRowCounts(api)).toEqual(before);
    expect((await api.db.selectFrom("mail_outbox").select("id").execute()).length).toBe(mailsBefore);
  });
});
