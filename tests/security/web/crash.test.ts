import fs from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";
import { afterAll, expect, test } from "vitest";

import {
  addCourse,
  BASE_PORT,
  freshDataDir,
  honeypotToken,
  pngBytes,
  type Server,
  startServer,
  uploadToken,
  validContact,
  validRegistration,
} from "./server";

// The crash test (docs/security.md): kill -9 the server while 30 contact and registration
// submissions are in flight, restart it, and check that every submission the client saw
// acknowledged (a redirect) is stored — registrations with their files — and that SQLite
// passes its integrity check.

const running: Server[] = [];
afterAll(async () => {
  for (const s of running) await s.stop();
});

type Sent = { kind: "contact" | "registration"; key: string; acknowledged: boolean };

test("kill -9 during 30 concurrent submissions: every acknowledged one is stored, with its files; integrity ok", async () => {
  const dataDir = freshDataDir("crash");
  const courseId = addCourse(dataDir, "Bridal Makeup");
  const server = await startServer({ port: BASE_PORT + 1, dataDir });
  running.push(server);
  const contactToken = honeypotToken(await (await fetch(`${server.url}/contact`)).text());
  // Each registration is another visitor's page: the page's token is also its one-submission key
  // (docs/decisions/035), so two posts with one page's token are one application, not two.
  const regPages = new Map<number, { honeypot: string; upload: string }>();
  for (let i = 1; i < 30; i += 2) {
    const page = await (await fetch(`${server.url}/registration-form`)).text();
    regPages.set(i, { honeypot: honeypotToken(page), upload: uploadToken(page) });
  }

  const sent: Sent[] = [];
  let acknowledged = 0;
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    server.proc.kill("SIGKILL");
  };

  const submit = async (i: number) => {
    const isContact = i % 2 === 0;
    const key = `crash-${i}`;
    const entry: Sent = { kind: isContact ? "contact" : "registration", key, acknowledged: false };
    sent.push(entry);
    let body: BodyInit;
    let pathname: string;
    if (isContact) {
      pathname = "/contact";
      body = new URLSearchParams({ ...validContact(key), name__confirm: "", from__confirm: contactToken });
    } else {
      pathname = "/registration-form";
      const form = new FormData();
      for (const [k, v] of Object.entries(validRegistration(key, courseId))) form.append(k, v);
      form.append("name__confirm", "");
      form.append("from__confirm", regPages.get(i)!.honeypot);
      form.append("uploadToken", regPages.get(i)!.upload);
      form.append("idCardFiles", new File([pngBytes(200_000)], `${key}-id.png`, { type: "image/png" }));
      form.append("certificateFiles", new File([pngBytes(150_000)], `${key}-cert.png`, { type: "image/png" }));
      body = form;
    }
    try {
      const res = await fetch(server.url + pathname, { method: "POST", body, redirect: "manual" });
      // A stored registration redirects; a stored contact message answers its confirmation (decision 039).
      if (res.status === 302 || res.status === 303 || (isContact && res.status === 200)) {
        entry.acknowledged = true;
        // Kill once some are through and others are still in flight.
        if (++acknowledged === 8) kill();
      } else {
        // Before the kill, every submission must succeed; after it, a refused connection is expected.
        if (!killed) throw new Error(`${pathname} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      }
    } catch (error) {
      if (!killed) throw error;
    }
  };

  const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => submit(i)));
  kill();
  await server.exited;
  const unexpected = results.filter((r) => r.status === "rejected");
  expect(unexpected.map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
  expect(sent.filter((s) => s.acknowledged).length).toBeGreaterThanOrEqual(8);
  expect(server.proc.signalCode).toBe("SIGKILL");

  // Restart on the same data: it comes up, and everything acknowledged is there.
  const again = await startServer({ port: BASE_PORT + 1, dataDir });
  running.push(again);
  const db = new Database(path.join(dataDir, "academy.db"), { readonly: true });
  try {
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    for (const s of sent.filter((x) => x.acknowledged)) {
      if (s.kind === "contact") {
        expect(
          db.prepare("select count(*) as n from contact_messages where email = ?").get(`v-${s.key}@example.com`),
          s.key,
        ).toEqual({ n: 1 });
        continue;
      }
      const applicant = db.prepare("select id from applicants where email = ?").get(`a-${s.key}@example.com`) as
        { id: string } | undefined;
      expect(applicant, s.key).toBeDefined();
      const files = db
        .prepare("select public_id, size, original_name from private_files where applicant_id = ?")
        .all(applicant!.id) as { public_id: string; size: number; original_name: string }[];
      expect(files.map((f) => f.original_name).sort(), s.key).toEqual([`${s.key}-cert.png`, `${s.key}-id.png`]);
      for (const f of files) expect(fs.statSync(path.join(dataDir, "private", f.public_id)).size).toBe(f.size);
    }
  } finally {
    db.close();
  }
  // The restarted server answers a new submission too.
  const token = honeypotToken(await (await fetch(`${again.url}/contact`)).text());
  const after = await fetch(`${again.url}/contact`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ ...validContact("after-crash"), name__confirm: "", from__confirm: token }),
  });
  // Stored: the contact page's confirmation (decision 039).
  expect(after.status).toBe(200);
  await again.stop();
});
