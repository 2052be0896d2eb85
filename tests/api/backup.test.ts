import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { validApplicant } from "../fixtures/registration";
import { type Api, fileOf, insertCourse, pdfBytes, send, sleep, startApi, uploadTokenHeader } from "./harness";

// `npm run backup` while the site takes contact messages and registrations with files, then
// `npm run restore` into a new data folder (and, on PostgreSQL, a new database): every write
// acknowledged before the backup began is there, SQLite's integrity check is clean and every
// file matches (docs/deploy.md, "Backups").
const exec = promisify(execFile);
const root = path.resolve(__dirname, "../..");
const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");

let api: Api;
let course: { id: string };
const work = fs.mkdtempSync(path.join(os.tmpdir(), "academy-backup-test-"));
const keyFile = path.join(work, "identity.txt");
let recipient = "";
const restoredDir = path.join(work, "restored");
const restoreDbUrl = process.env.TEST_DATABASE_URL ? `${process.env.TEST_DATABASE_URL}_restore` : undefined;

beforeAll(async () => {
  api = await startApi();
  course = await insertCourse(api, "Backup Course");
  await exec("age-keygen", ["-o", keyFile]);
  recipient = (await exec("age-keygen", ["-y", keyFile])).stdout.trim();
  if (restoreDbUrl) await recreateDatabase(restoreDbUrl);
});
afterAll(async () => {
  await api.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A new, empty database beside the test database, for the restore. */
async function recreateDatabase(url: string) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = new URL(url).pathname.slice(1);
  await admin.query(`drop database if exists "${name}"`);
  await admin.query(`create database "${name}"`);
  await admin.end();
}

/** A script of this repository, as `npm run` runs it, with the given settings on top of the API's. */
function script(name: string, args: string[], env: Record<string, string | undefined>) {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  delete merged.VITEST;
  return exec(process.execPath, [tsx, `scripts/${name}.ts`, ...args], { cwd: root, env: merged });
}

type Written = { kind: "contact" | "applicant"; id: string; files: { publicId: string; sha256: string }[]; at: number };

let n = 0;
async function contact(): Promise<Written | undefined> {
  const i = ++n;
  const res = await send(api, "POST", "/api/contact", {
    json: {
      fullname: `Steady ${i}`,
      email: `steady.${i}@example.com`,
      phone: "+2348031234567",
      issue: 1,
      message: `Write ${i}`,
    },
  });
  if (res.status !== 201) throw new Error(`contact ${res.status}: ${await res.text()}`);
  return { kind: "contact", id: ((await res.json()) as { _id: string })._id, files: [], at: Date.now() };
}

async function registration(): Promise<Written | undefined> {
  const i = ++n;
  // Each file's bytes its own, so a file restored in another's place would not match.
  const bytes = pdfBytes(20_000);
  Buffer.from(`unique ${i} ${crypto.randomUUID()}`).copy(bytes, 40);
  const form = new FormData();
  form.set("group", "idCards");
  form.append("file", fileOf(bytes, `id-${i}.pdf`));
  const upload = await send(api, "POST", "/api/applicant/files", {
    multipart: form,
    headers: await uploadTokenHeader(api),
  });
  if (upload.status !== 201) throw new Error(`upload ${upload.status}: ${await upload.text()}`);
  const publicId = ((await upload.json()) as { public_id: string }[])[0]!.public_id;
  const res = await send(api, "POST", "/api/applicant", {
    form: {
      ...validApplicant,
      email: `applicant.${i}@example.com`,
      phone: `+234806${String(i).padStart(7, "0")}`,
      courseId: course.id,
      courseTitle: "Backup Course",
      files: [publicId],
    },
  });
  if (res.status !== 201) throw new Error(`registration ${res.status}: ${await res.text()}`);
  const sha256 = crypto.createHash("sha256").update(bytes).digest("hex");
  return {
    kind: "applicant",
    id: ((await res.json()) as { _id: string })._id,
    files: [{ publicId, sha256 }],
    at: Date.now(),
  };
}

describe("npm run backup during steady writes, then npm run restore", () => {
  it("restores every write acknowledged before the backup began, whole, with its files", async () => {
    const written: Written[] = [];
    let stop = false;
    const writer = (async () => {
      while (!stop) {
        written.push((await (written.length % 3 === 2 ? registration() : contact()))!);
        await sleep(5);
      }
    })();
    while (written.length < 12) await sleep(20);

    const began = Date.now();
    const backupDir = path.join(work, "backups");
    const backup = await script("backup", [backupDir], { BACKUP_AGE_RECIPIENT: recipient });
    const writtenDuringBackup = written.filter((w) => w.at > began).length;
    stop = true;
    await writer;
    expect(backup.stdout).toMatch(/\[backup\] .*\.tar\.age: .* rows in \d+ tables, \d+ files/);
    // The site kept serving: writes were acknowledged while the backup ran.
    expect(writtenDuringBackup).toBeGreaterThan(0);
    const [archive] = fs.readdirSync(backupDir).filter((f) => f.endsWith(".tar.age"));
    const archivePath = path.join(backupDir, archive!);
    // Encrypted: nothing of an applicant reads in the clear.
    const raw = fs.readFileSync(archivePath);
    expect(raw.subarray(0, 21).toString()).toBe("age-encryption.org/v1");
    expect(raw.includes(Buffer.from("applicant.1"))).toBe(false);
    // And readable by the operator's account alone, as the key is (docs/deploy.md).
    expect(fs.statSync(archivePath).mode & 0o777).toBe(0o600);

    const restoreEnv = { DATA_DIR: restoredDir, DATABASE_URL: restoreDbUrl, BACKUP_AGE_IDENTITY: keyFile };
    const restore = await script("restore", [archivePath], restoreEnv);
    expect(restore.stdout).toMatch(/restored and verified/);

    const before = written.filter((w) => w.at < began);
    const contacts = before.filter((w) => w.kind === "contact").map((w) => w.id);
    const applicants = before.filter((w) => w.kind === "applicant");
    expect(applicants.length).toBeGreaterThan(0);
    const restored = await readRestored(applicants.flatMap((a) => a.files.map((f) => f.publicId)));
    expect(restored.integrity).toBe("ok");
    for (const id of contacts) expect(restored.contactIds).toContain(id);
    for (const a of applicants) {
      expect(restored.applicantIds).toContain(a.id);
      for (const f of a.files) expect(restored.fileSha256.get(f.publicId), f.publicId).toBe(f.sha256);
    }

    // A restore goes only into emptiness: the same folder (or database) again is refused, untouched.
    const again = await script("restore", [archivePath], restoreEnv).then(
      () => 0,
      (error: { code?: number; stderr?: string }) => {
        expect(error.stderr).toMatch(/not empty/);
        return error.code;
      },
    );
    expect(again).toBe(1);
  }, 120_000);

  it("refuses a damaged archive", async () => {
    const backupDir = path.join(work, "backups");
    const [archive] = fs.readdirSync(backupDir).filter((f) => f.endsWith(".tar.age"));
    const damaged = path.join(work, "damaged.tar.age");
    const bytes = fs.readFileSync(path.join(backupDir, archive!));
    bytes[bytes.length - 100] ^= 0xff;
    fs.writeFileSync(damaged, bytes);
    const outcome = await script("restore", [damaged], {
      DATA_DIR: path.join(work, "from-damaged"),
      DATABASE_URL: undefined,
      BACKUP_AGE_IDENTITY: keyFile,
    }).then(
      () => "restored",
      () => "refused",
    );
    expect(outcome).toBe("refused");
  }, 60_000);
});

/** The restored ids and file checksums, read straight from the restored database and folder. */
async function readRestored(publicIds: string[]) {
  const sha = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");
  if (restoreDbUrl) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: restoreDbUrl });
    await client.connect();
    try {
      const contactIds = (await client.query("select id from contact_messages")).rows.map((r: { id: string }) => r.id);
      const applicantIds = (await client.query("select id from applicants")).rows.map((r: { id: string }) => r.id);
      const fileSha256 = new Map<string, string>();
      for (const id of publicIds) {
        const chunks = await client.query("select content from file_chunks where key = $1 order by seq", [
          `private/${id}`,
        ]);
        fileSha256.set(id, sha(Buffer.concat(chunks.rows.map((r: { content: Buffer }) => r.content))));
      }
      // PostgreSQL has no integrity_check: pg_restore --exit-on-error and the row counts stand for it.
      return { integrity: "ok", contactIds, applicantIds, fileSha256 };
    } finally {
      await client.end();
    }
  }
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(path.join(restoredDir, "academy.db"), { readonly: true });
  try {
    const integrity = db.pragma("integrity_check", { simple: true });
    const contactIds = db.prepare("select id from contact_messages").pluck().all() as string[];
    const applicantIds = db.prepare("select id from applicants").pluck().all() as string[];
    const fileSha256 = new Map(
      publicIds.map((id) => [id, sha(fs.readFileSync(path.join(restoredDir, "private", id)))]),
    );
    return { integrity, contactIds, applicantIds, fileSha256 };
  } finally {
    db.close();
  }
}
