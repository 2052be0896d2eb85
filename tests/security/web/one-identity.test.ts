import fs from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, test } from "vitest";

import { codeFor } from "../../api/harness";
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

// One identity (docs/decisions/095-mail-identity-from-settings.md, 096-one-academy-name.md): a
// fresh production install set up as "X Academy", whose owner saves its own contact details in
// Settings, speaks only as X Academy — every public page, the guardian's page, /verify and every
// mail it sends — and no address of it is a `.local` one. Through the built site's forms, as a
// browser without JavaScript sends them; the server refuses `.local` mail addresses as a real
// production one does (no ALLOW_LOCAL_MAIL_ADDRESSES).
const NAME = "X Academy";
const OTHER_ACADEMY = /fine\s*line|finelineacademy|admiralty|lekki/i;
const LOCAL_ADDRESS = /@[\w.-]+\.local\b/i;

let server: Server;
let courseId = "";
beforeAll(async () => {
  const dataDir = freshDataDir("one-identity");
  courseId = addCourse(dataDir, "Bridal Makeup");
  server = await startServer({
    // + 6: one file of this folder runs at a time, each on a port of the few given.
    port: BASE_PORT + 6,
    dataDir,
    env: { MAIL_FROM: "no-reply@x-academy.example", ALLOW_LOCAL_MAIL_ADDRESSES: undefined },
  });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const post = (p: string, body: URLSearchParams | FormData, cookie = "") =>
  fetch(server.url + p, { method: "POST", redirect: "manual", headers: { cookie }, body });
const cookieOf = (res: Response) =>
  /(?:__Host-)?academy_session=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0] ?? "";
const unescape = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

async function printedCode() {
  for (let i = 0; i < 100; i++) {
    const code = /setup code ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/.exec(server.output())?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no setup code in the log: ${server.output()}`);
}

/** The inputs of the page's form with `intent=save`, as a browser would send them unchanged. */
function formValues(html: string) {
  const values = new Map<string, string>();
  for (const tag of html.match(/<input\b[^>]*>/g) ?? []) {
    const name = /\sname="([^"]*)"/.exec(tag)?.[1];
    if (!name || /type="(checkbox|radio|file|submit)"/.test(tag)) continue;
    values.set(name, unescape(/\svalue="([^"]*)"/.exec(tag)?.[1] ?? ""));
  }
  for (const m of html.matchAll(/<textarea\b[^>]*\sname="([^"]*)"[^>]*>([\s\S]*?)<\/textarea>/g))
    values.set(m[1], unescape(m[2]));
  return values;
}

type OutboxMail = {
  from: { name: string; address: string };
  to: { address: string }[];
  replyTo?: { address: string }[];
  subject: string;
  text: string;
  html?: string;
};
const outbox = (): OutboxMail[] => {
  const dir = path.join(server.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as OutboxMail);
};
async function mailWhere(match: (m: OutboxMail) => boolean) {
  for (let i = 0; i < 200; i++) {
    const found = outbox().find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(
    `no such mail among: ${outbox()
      .map((m) => m.subject)
      .join(" / ")}`,
  );
}

/** A page as a visitor reads it: it answers, names X Academy and no other academy, and no .local address. */
async function readPage(p: string) {
  const res = await fetch(server.url + p);
  const html = await res.text();
  expect(res.status, p).toBe(200);
  expect(html.match(OTHER_ACADEMY)?.[0], `${p} names another academy`).toBeUndefined();
  expect(html.match(LOCAL_ADDRESS)?.[0], `${p} shows a .local address`).toBeUndefined();
  expect(html, p).toContain(NAME);
  return html;
}

test("a fresh install set up as X Academy speaks only as X Academy, on every page and in every mail", async () => {
  // The first run: the code from the log makes the first Admin and names the academy.
  const code = await printedCode();
  const made = await post(
    "/fla-admin/setup",
    new URLSearchParams({
      code,
      academyName: NAME,
      name: "Ada Obi",
      email: "ada@x-academy.example",
      password: "First#Admin2026",
      confirmPassword: "First#Admin2026",
    }),
  );
  expect(made.status).toBe(302);

  // The Admin signs in with two-factor (docs/decisions/032) and saves the academy's own details.
  const { newTotpSecret } = await import("../../../api/auth/two-factor");
  const secret = newTotpSecret();
  const db = new Database(path.join(server.dataDir, "academy.db"));
  db.prepare("update users set totp_secret = ?, totp_enabled_at = ? where email = ?").run(
    secret,
    new Date().toISOString(),
    "ada@x-academy.example",
  );
  db.close();
  const signIn = await post(
    "/fla-admin",
    new URLSearchParams({ intent: "login", email: "ada@x-academy.example", password: "First#Admin2026" }),
  );
  const signedIn = await post(
    "/fla-admin/code",
    new URLSearchParams({ code: await codeFor(secret) }),
    cookieOf(signIn),
  );
  expect(signedIn.status).toBe(302);
  const cookie = cookieOf(signedIn);

  const settingsPage = await (await fetch(`${server.url}/admin/settings`, { headers: { cookie } })).text();
  const values = formValues(settingsPage);
  const own: Record<string, string> = {
    intent: "save",
    academyName: NAME,
    phone0: "+2348051112222",
    whatsapp: "+2348051112222",
    email: "office@x-academy.example",
    campus0Name: "Ikeja campus",
    campus0Street: "5 Allen Avenue",
    campus0City: "Ikeja",
    campus0Region: "Lagos State",
    campus0MapUrl: "",
    bankName: "GTBank",
    accountName: "X Academy Ltd",
    accountNumber: "0123456789",
    privacyEmail: "privacy@x-academy.example",
    dpoName: "Bola Ade",
    facebook: "https://www.facebook.com/xacademy",
    instagram: "",
    linkedin: "",
    x: "",
  };
  for (const [k, v] of Object.entries(own)) values.set(k, v);
  // Whatever else the form holds must not be the sample academy's (the test would keep it otherwise).
  const left = [...values].filter(([, v]) => OTHER_ACADEMY.test(v)).map(([k]) => k);
  expect(left).toEqual([]);
  const saved = await post("/admin/settings", new URLSearchParams([...values]), cookie);
  expect([200, 302, 303]).toContain(saved.status);

  // The Admin's landing page says who the mail comes from and where notices and replies go.
  const landing = await fetch(`${server.url}/admin`, { headers: { cookie }, redirect: "manual" });
  const checklist = await (await fetch(server.url + landing.headers.get("location")!, { headers: { cookie } })).text();
  expect(unescape(checklist)).toContain(
    "Mail is sent as X Academy <no-reply@x-academy.example>; notices go to office@x-academy.example, replies to office@x-academy.example.",
  );
  expect(checklist).not.toContain('data-item="mailFromLocal"');
  expect(checklist).not.toContain('data-item="sampleContacts"');

  // A minor registers (a guardian's step), and a visitor sends a message.
  const regPage = await (await fetch(`${server.url}/registration-form`)).text();
  const form = new FormData();
  const sixteen = new Date();
  sixteen.setFullYear(sixteen.getFullYear() - 16);
  const registration = {
    ...validRegistration("identity", courseId),
    dob: sixteen.toISOString().slice(0, 10),
    street: "5 Allen Avenue",
    city: "Ikeja",
    email: "tobi@example.com",
    guardianName: "Funke Ade",
    guardianRelationship: "Mother",
    guardianPhone: "+2348051113333",
    guardianEmail: "funke@example.com",
    guardianConsent: "on",
  };
  for (const [k, v] of Object.entries(registration)) form.append(k, v);
  form.append("name__confirm", "");
  form.append("from__confirm", honeypotToken(regPage));
  form.append("uploadToken", uploadToken(regPage));
  form.append("idCardFiles", new File([pngBytes(20_000)], "id.png", { type: "image/png" }));
  form.append("certificateFiles", new File([pngBytes(20_000)], "cert.png", { type: "image/png" }));
  const registered = await post("/registration-form", form);
  expect(registered.status, (await registered.clone().text()).slice(0, 300)).toBe(302);
  const contactPage = await (await fetch(`${server.url}/contact`)).text();
  const sent = await post(
    "/contact",
    new URLSearchParams({ ...validContact("identity"), name__confirm: "", from__confirm: honeypotToken(contactPage) }),
  );
  expect(sent.status).toBe(200);

  // The mails: to the applicant, the guardian and the academy's inbox (the Settings e-mail: no
  // ACADEMY_INBOX here), from MAIL_FROM's address under the academy's name.
  const confirmation = await mailWhere((m) => m.to[0]?.address === "tobi@example.com");
  const toGuardian = await mailWhere((m) => m.to[0]?.address === "funke@example.com");
  await mailWhere((m) => m.to[0]?.address === "office@x-academy.example" && /registration/i.test(m.subject));
  await mailWhere((m) => m.to[0]?.address === "office@x-academy.example" && /contact message/i.test(m.subject));
  expect(confirmation.replyTo?.[0]?.address).toBe("office@x-academy.example");
  for (const mail of outbox()) {
    expect(mail.from, mail.subject).toEqual({ name: NAME, address: "no-reply@x-academy.example" });
    const whole = JSON.stringify(mail);
    expect(whole.match(OTHER_ACADEMY)?.[0], `${mail.subject} names another academy`).toBeUndefined();
    expect(whole.match(LOCAL_ADDRESS)?.[0], `${mail.subject} has a .local address`).toBeUndefined();
  }
  expect(confirmation.text).toContain(NAME);

  // Every public page, the applicant's status page, the guardian's page and /verify.
  const statusLink = /https?:\/\/[^\s]+\/application\/[\w-]+/.exec(confirmation.text)?.[0];
  const guardianLink = /https?:\/\/[^\s]+\/guardian\/confirm\?token=[\w-]+/.exec(toGuardian.text)?.[0];
  expect(statusLink).toBeDefined();
  expect(guardianLink).toBeDefined();
  const pages = [
    "/",
    "/about",
    "/courses",
    "/blog",
    "/blog?jobs",
    "/contact",
    "/privacy",
    "/terms",
    "/registration-form",
    "/application",
    "/job-alerts",
    "/verify",
    "/verify/7K3M-Q9PX-2HRD-8",
    new URL(statusLink!).pathname,
    new URL(guardianLink!).pathname + new URL(guardianLink!).search,
  ];
  for (const p of pages) await readPage(p);
  // Titles, the brand and the structured data name the academy as Settings do.
  const home = await readPage("/");
  expect(home).toContain(`<title>${NAME} — `);
  expect(home).toMatch(/"@type":"EducationalOrganization","name":"X Academy"/);
  // The bank account rides only with the pages that show it, never in every page's data.
  for (const p of ["/", "/about", "/courses", "/contact", "/privacy", "/verify"])
    expect(await (await fetch(server.url + p)).text(), p).not.toContain("0123456789");
  expect(await (await fetch(`${server.url}/registration-form`)).text()).toContain("0123456789");
  expect(await (await fetch(server.url + new URL(statusLink!).pathname)).text()).toContain("0123456789");
  // A fresh site has no post yet: the home leaves the section out rather than head "No Posts Found".
  expect(home).not.toContain("No Posts Found");
  expect(home).not.toContain('id="posts"');
  expect(await readPage("/verify/7K3M-Q9PX-2HRD-8")).toContain(`${NAME} has issued no certificate with this number`);
  // The privacy notice names the controller, its address and its contact from Settings.
  const privacy = await readPage("/privacy");
  expect(privacy).toContain("X Academy, 5 Allen Avenue, Ikeja, Lagos State, Nigeria");
  expect(privacy).toContain("privacy@x-academy.example");
});
