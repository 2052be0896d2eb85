import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import {
  allRowCounts,
  type Api,
  fileOf,
  insertCourse,
  mailQueueDrained,
  pdfBytes,
  readOutbox,
  rowCount,
  send,
  sleep,
  startApi,
  uploadTokenHeader,
} from "../api/harness";
import { validApplicant } from "../fixtures/registration";

// What the API mails and logs on a visitor's word (docs/security.md): a registration names a
// published course by id, the confirmation carries no visitor text but the first name and goes
// to one address a few times a day at most, and no line a visitor typed reaches the log. The
// real limits (factor 1), behind a "proxy" on 127.0.0.1 so X-Forwarded-For plays the visitors.
let api: Api;
let course: { id: string; title: string };
let retired: { id: string; title: string };
beforeAll(async () => {
  process.env.TRUSTED_PROXIES = "127.0.0.1";
  api = await startApi({ rateLimitFactor: 1 });
  course = await insertCourse(api, "Bridal Makeup");
  retired = await insertCourse(api, "Retired Course", { trashed_at: new Date().toISOString() });
});
afterAll(() => api.close());

let ipCounter = 0;
/** Each call a visitor of its own: no per-address limit is what is tested here. */
const visitor = () => ({ "x-forwarded-for": `198.51.100.${++ipCounter}` });

async function idFile() {
  const form = new FormData();
  form.set("group", "idCards");
  form.append("file", fileOf(pdfBytes(), "nin.pdf"));
  const res = await send(api, "POST", "/api/applicant/files", {
    multipart: form,
    headers: { ...visitor(), ...(await uploadTokenHeader(api)) },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { public_id: string }[]).map((f) => f.public_id);
}

// Each registration its own phone unless a test names one: registrations are limited per phone too.
let phones = 0;
const registration = (change: Record<string, string>) => ({
  ...validApplicant,
  phone: `+234805${String(++phones).padStart(7, "0")}`,
  // The original API's field; with a courseId beside it, the id decides.
  courseTitle: "Bridal Makeup",
  ...change,
});
async function register(change: Record<string, string>) {
  const form = { ...registration(change), files: await idFile() };
  return send(api, "POST", "/api/applicant", { form, headers: visitor() });
}
const mailTo = (address: string) => readOutbox(api).filter((m) => JSON.stringify(m.to).includes(address));
/** Queued mail has landed: the queue holds nothing to send and the outbox stops growing. */
async function mailSettled() {
  await mailQueueDrained(api);
  let last = -1;
  for (;;) {
    await sleep(150);
    const now = readOutbox(api).length;
    if (now === last) return;
    last = now;
  }
}

const PHISHING = "Your account is suspended, verify at http://academy-verify.example/login";

/**
 * The links the academy itself puts in a confirmation: its privacy notice (docs/decisions/034-retention-and-rights.md)
 * and the applicant's status page (docs/decisions/035).
 * Taken out before checking that no other link, least of all a visitor's, reaches the mail.
 */
const withoutPrivacyLink = (text: string) =>
  text
    .split(`${process.env.PUBLIC_URL}/privacy`)
    .join("")
    // And the applicant's own private status page (docs/decisions/035): the site's address, a random token.
    .replace(new RegExp(`${process.env.PUBLIC_URL}/application/[\\w-]{43}(?=\\s|$)`, "g"), "");

describe("a registration cannot carry someone's text to any address", () => {
  it("refuses a course title that names no published course: 400, nothing stored, nothing mailed", async () => {
    const before = await allRowCounts(api);
    const outbox = readOutbox(api).length;
    const res = await register({ email: "victim@example.com", courseTitle: PHISHING });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("The course you chose is not open for registration. Please choose another course.");
    const after = await allRowCounts(api);
    expect({ ...after, private_files: 0 }).toEqual({ ...before, private_files: 0 });
    await mailSettled();
    expect(readOutbox(api).length).toBe(outbox);
  });

  it("refuses an unknown course id, and a course in the trash, with 400 and nothing stored", async () => {
    const before = await rowCount(api, "applicants");
    for (const courseId of ["0123456789abcdef01234567", retired.id, "not-an-id"]) {
      const res = await register({ email: "victim@example.com", courseId });
      expect(res.status, courseId).toBe(400);
      expect(await res.text(), courseId).toMatch(/course/i);
    }
    expect(await rowCount(api, "applicants")).toBe(before);
  });

  it("stores and mails the course's own title, whatever title came along with its id", async () => {
    const res = await register({ email: "victim@example.com", courseId: course.id, courseTitle: PHISHING });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { _id: string; course: string };
    expect(body.course).toBe(course.title);
    const row = await api.db
      .selectFrom("applicants")
      .select("course_title")
      .where("id", "=", body._id)
      .executeTakeFirstOrThrow();
    expect(row.course_title).toBe(course.title);
    await mailSettled();
    const [confirmation] = mailTo("victim@example.com");
    expect(confirmation.text).toContain(`Course: ${course.title} (Full Course)`);
    expect(withoutPrivacyLink(`${confirmation.subject}\n${confirmation.text}`)).not.toMatch(
      /suspended|academy-verify|http/i,
    );
  });

  it("keeps a link in the first name out of the confirmation", async () => {
    const res = await register({
      email: "victim2@example.com",
      courseId: course.id,
      firstname: "Ada verify at http://academy-verify.example",
    });
    // Refused, or stored and greeted without it: either way the mail carries no link.
    expect([201, 400]).toContain(res.status);
    await mailSettled();
    for (const mail of mailTo("victim2@example.com"))
      expect(withoutPrivacyLink(`${mail.subject}\n${mail.text}`)).not.toMatch(/academy-verify|http/i);
  });

  it("sends at most 3 confirmations a day to one address; further registrations are still stored", async () => {
    const address = "many@example.com";
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      // Five people of one family sharing the address, each with their own date of birth: one
      // person's second application for the course is refused (docs/decisions/100).
      const res = await register({
        email: address,
        courseId: course.id,
        lastname: `Eze${"abcde"[i]}`,
        dob: `2001-04-${10 + i}`,
      });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { _id: string })._id);
    }
    await mailSettled();
    expect(mailTo(address)).toHaveLength(3);
    expect(await api.db.selectFrom("applicants").select("id").where("email", "=", address).execute()).toHaveLength(5);
    // The academy still hears of every one of them.
    const notices = readOutbox(api).filter((m) => m.subject.startsWith("New registration"));
    for (const id of ids) expect(notices.some((m) => m.text.includes(id))).toBe(true);
  });
});

describe("a registration that is not stored uses none of its address's confirmations", () => {
  it("a confirmation counted for a registration whose transaction failed is given back", async () => {
    // Counted before the transaction, so that the mail is queued inside it (docs/decisions/043-durable-mail-queue.md);
    // a failed transaction (a lost race for the files or the form's key) gives it back (api/routes/registration.ts).
    const { giveBackMail, mayMail } = await import("../../api/limits");
    const address = "Rolled.Back@example.com";
    for (let i = 0; i < 3; i++) expect(await mayMail("confirmationsPerRecipient", address)).toBe(true);
    // The third registration was not stored: its count comes back, and one more mail may go.
    await giveBackMail("confirmationsPerRecipient", " rolled.back@example.com");
    expect(await mayMail("confirmationsPerRecipient", address)).toBe(true);
    expect(await mayMail("confirmationsPerRecipient", address)).toBe(false);
  });

  it("two posts of one form at the same moment mail one confirmation; the address still gets three", async () => {
    const address = "race@example.com";
    const key = "u1.1900000000.confirmation-race.mac";
    const [a, b] = await Promise.all([idFile(), idFile()]);
    // One form posted twice: the same fields (a double tap uploads its files again).
    const typed = registration({ email: address, courseId: course.id });
    const answers = await Promise.all(
      [a, b].map((files) =>
        send(api, "POST", "/api/applicant", {
          form: { ...typed, files, submissionKey: key },
          headers: visitor(),
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 201]);
    // Two more people sharing the address (docs/decisions/100: another date of birth, another person).
    for (const [lastname, dob] of [
      ["Obi", "2002-05-01"],
      ["Okoro", "2003-06-02"],
    ])
      expect((await register({ email: address, courseId: course.id, lastname, dob })).status).toBe(201);
    await mailSettled();
    expect(mailTo(address)).toHaveLength(3);
  });
});

describe("log injection", () => {
  const lines: string[] = [];
  beforeAll(() => {
    for (const method of ["log", "error", "warn", "info"] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(
          ...args
            .map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : String(a)))
            .join(" ")
            .split(/\r\n|\r|\n|\u2028|\u2029/),
        );
      });
  });
  afterEach(() => vi.clearAllMocks());
  afterAll(() => vi.restoreAllMocks());

  const FORGED = "[instance] SIGTERM: finishing requests in progress, then exiting";
  const contact = (fullname: string) =>
    send(api, "POST", "/api/contact", {
      form: { fullname, email: "sender@example.com", phone: "+2348031234567", issue: "1", message: "Hello\nthere" },
      headers: visitor(),
    });

  it.each([
    ["a line feed", `Ada\n${FORGED}`],
    ["a carriage return", `Ada\r${FORGED}`],
    ["a line separator", `Ada\u2028${FORGED}`],
    ["an escape sequence", "Ada\u001b[2J"],
    ["a C1 control (NEL)", `Ada\u0085${FORGED}`],
  ])("refuses %s in a contact name with 400 and a clear message, and stores nothing", async (_, fullname) => {
    const before = await rowCount(api, "contact_messages");
    const res = await contact(fullname);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("fullname must be one line, without line breaks or control characters");
    expect(await rowCount(api, "contact_messages")).toBe(before);
  });

  it("refuses line breaks in a registration's one-line fields", async () => {
    for (const [field, value] of [
      ["firstname", `Ada\n${FORGED}`],
      ["lastname", `Eze\r\n${FORGED}`],
      ["city", "Lekki\u2029x"],
      ["emergencyFullname", "Chika\nEze"],
      ["phone", "+234803\n1234567"],
    ]) {
      const res = await register({ email: "lines@example.com", courseId: course.id, [field]: value });
      expect(res.status, field).toBe(400);
      expect(await res.text(), field).toBe(`${field} must be one line, without line breaks or control characters`);
    }
    expect(
      await api.db.selectFrom("applicants").select("id").where("email", "=", "lines@example.com").execute(),
    ).toEqual([]);
  });

  it("never logs a forged line, nor a visitor's name, e-mail or phone", async () => {
    await contact(`Ada\n${FORGED}`);
    expect((await contact("Ngozi Okonkwo")).status).toBe(201);
    expect(
      (
        await register({
          firstname: "Chiamaka",
          lastname: "Obiora",
          email: "chiamaka.obiora@example.com",
          phone: "+2348031234567",
          courseId: course.id,
        })
      ).status,
    ).toBe(201);
    await mailSettled();
    expect(lines.length).toBeGreaterThan(0); // the outbox is logged: the spy hears the API
    for (const line of lines) {
      expect(line).not.toMatch(/^\s*\[instance\]/);
      expect(line).not.toMatch(
        /Ngozi|Okonkwo|Chiamaka|Obiora|sender@example\.com|chiamaka\.obiora@example\.com|2348031234567/,
      );
    }
  });
});
