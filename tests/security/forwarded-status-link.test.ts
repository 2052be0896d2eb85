import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  type Api,
  fileOf,
  insertCourse,
  makeIntake,
  pdfBytes,
  send,
  signedInStaff,
  startApi,
  statusAndText,
  uploadTokenHeader,
} from "../api/harness";
import { dayFromToday } from "../fixtures/intake";
import { validApplicant } from "../fixtures/registration";

// Fourth review, finding 1: withdrawing or declining from the status page asked for the
// application's reference, which the same page prints at the top, so anyone holding only a
// forwarded link could give up an offered, accepted, paid or even enrolled applicant's seat. Now
// the link asks for the date of birth, which the page never shows, and never withdraws a paid or
// enrolled application (docs/decisions/091-a-link-withdraws-only-with-the-date-of-birth.md).
// The attacker here has the link and nothing else: every value the page's own answer shows, and
// the applicant's name, phone and e-mail besides, is tried as the proof.

let api: Api;
let courseId: string;
let intakeId: string;
let admissions: string;
beforeAll(async () => {
  // The real limits (factor 1): the link's ten tries an hour are part of what is attacked.
  api = await startApi({ rateLimitFactor: 1 });
  ({ cookie: admissions } = await signedInStaff(api, "admissions.forwarded@academy.test", { role: "admissions" }));
  courseId = (await insertCourse(api, "Nail Technology")).id;
  intakeId = await makeIntake(api, admissions, courseId, { seats: 20 });
});
afterAll(() => api.close());

let people = 0;
async function register() {
  const form = new FormData();
  form.set("group", "idCards");
  form.set("file", fileOf(pdfBytes(), "nin.pdf"));
  const up = await send(api, "POST", "/api/applicant/files", {
    multipart: form,
    headers: await uploadTokenHeader(api),
  });
  const [file] = (await up.json()) as { public_id: string }[];
  const n = ++people;
  const fields = {
    ...validApplicant,
    courseId,
    intakeId,
    email: `forwarded${n}@example.com`,
    phone: `+234805${String(n).padStart(7, "0")}`,
    files: file.public_id,
  };
  const res = await send(api, "POST", "/api/applicant", { form: fields });
  expect(res.status, await res.clone().text()).toBe(201);
  return { ...((await res.json()) as { _id: string; statusToken: string }), fields };
}

const statusOf = async (id: string) =>
  (await api.db.selectFrom("applicants").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

/** Every text the status page's answer holds, as one holding only the link reads it. */
function textsIn(value: unknown): string[] {
  if (typeof value === "string") return value ? [value] : [];
  if (typeof value === "number") return [String(value)];
  if (Array.isArray(value)) return value.flatMap(textsIn);
  if (value && typeof value === "object") return Object.values(value).flatMap(textsIn);
  return [];
}

/** An applicant brought to `status` as the academy does it: offered by staff, accepted through the link, then paid or enrolled. */
async function applicantAt(status: "offered" | "accepted" | "paid" | "enrolled") {
  const a = await register();
  const offered = await send(api, "POST", `/api/applicants/${a._id}/offer`, {
    cookie: admissions,
    json: { acceptBy: dayFromToday(7) },
  });
  expect(offered.status, await offered.clone().text()).toBe(200);
  if (status !== "offered") {
    const accepted = await send(api, "POST", `/api/application/${a.statusToken}/offer`, { json: { answer: "accept" } });
    expect(accepted.status).toBe(200);
  }
  if (status === "paid" || status === "enrolled") {
    // Enrolling while fees are owed is confirmed by staff (docs/decisions/093).
    const set = await send(api, "PATCH", `/api/applicants/${a._id}/status`, {
      cookie: admissions,
      json: { status, confirmOwed: true },
    });
    expect(set.status, await set.clone().text()).toBe(200);
  }
  expect(await statusOf(a._id)).toBe(status);
  return a;
}

/** What the forwarded link shows, and what its forwarder may know besides. */
async function scraped(a: Awaited<ReturnType<typeof register>>) {
  const page = await send(api, "GET", `/api/application/${a.statusToken}`);
  expect(page.status).toBe(200);
  const shown = textsIn(await page.json());
  const payments = await send(api, "GET", `/api/application/${a.statusToken}/payments`);
  const besides = [a.fields.firstname, a.fields.lastname, `${a.fields.firstname} ${a.fields.lastname}`, a.fields.email];
  const values = [...shown, ...textsIn(await payments.json()), ...besides, a.fields.phone, a._id];
  // The page's reference is the value the old check took: it must be among those tried.
  expect(values.some((v) => /^FLA-[0-9A-F]{8}$/.test(v))).toBe(true);
  return [...new Set(values)];
}

// The value goes as the old field and the new one alike, so a check on either is tried.
const withdraw = (token: string, value: string) =>
  send(api, "POST", `/api/application/${token}/withdraw`, { json: { check: value, dob: value } });
const decline = (token: string, value: string) =>
  send(api, "POST", `/api/application/${token}/offer`, { json: { answer: "decline", check: value, dob: value } });

describe("a forwarded status link gives nothing up with what the page shows", () => {
  for (const status of ["offered", "accepted", "paid", "enrolled"] as const) {
    it(`withdrawing an ${status} applicant with every value the page shows is refused`, async () => {
      const a = await applicantAt(status);
      const values = await scraped(a);
      const answers = [];
      for (const value of values) answers.push((await withdraw(a.statusToken, value)).status);
      // Refused each time: a wrong date (400), its tries spent (429), or, paid or enrolled, not through the link (409).
      const refusals = status === "paid" || status === "enrolled" ? [409] : [400, 429];
      expect(answers.filter((s) => !refusals.includes(s))).toEqual([]);
      expect(await statusOf(a._id)).toBe(status);
    });
  }

  it("declining an offer with every value the page shows is refused, and the seat stays", async () => {
    const a = await applicantAt("offered");
    const answers = [];
    for (const value of await scraped(a)) answers.push((await decline(a.statusToken, value)).status);
    expect(answers.filter((s) => s !== 400 && s !== 429)).toEqual([]);
    expect(await statusOf(a._id)).toBe("offered");
  });

  it("a wrong date counts against the link's tries: after ten, even the right one waits", async () => {
    const a = await applicantAt("offered");
    const [year] = a.fields.dob.split("-");
    for (let day = 1; day <= 10; day++) {
      const res = await withdraw(a.statusToken, `${String(day).padStart(2, "0")}/01/${Number(year) - 1}`);
      expect(await statusAndText(res)).toEqual({
        status: 400,
        text: "This date of birth does not match the application. Enter it as on your registration form, for example 12/04/2001.",
      });
    }
    expect((await withdraw(a.statusToken, a.fields.dob)).status).toBe(429);
    expect(await statusOf(a._id)).toBe("offered");
  });
});

describe("the date of birth withdraws and declines what the link may give up", () => {
  it("takes the date as a date field sends it and as typed by hand, day first", async () => {
    const a = await applicantAt("offered");
    expect((await decline(a.statusToken, "")).status).toBe(400);
    const [y, m, d] = a.fields.dob.split("-");
    expect((await decline(a.statusToken, `${d}/${m}/${y}`)).status).toBe(200);
    expect(await statusOf(a._id)).toBe("withdrawn");
    const b = await applicantAt("accepted");
    expect((await withdraw(b.statusToken, b.fields.dob)).status).toBe(200);
    expect(await statusOf(b._id)).toBe("withdrawn");
  });

  it("never withdraws a paid or enrolled application, even with the right date: admissions does", async () => {
    for (const status of ["paid", "enrolled"] as const) {
      const a = await applicantAt(status);
      expect(await statusAndText(await withdraw(a.statusToken, a.fields.dob))).toEqual({
        status: 409,
        text: "This application is paid or enrolled, so it cannot be withdrawn from this page. Contact admissions: they withdraw it and settle your fee with you.",
      });
      expect(await statusOf(a._id)).toBe(status);
      const seat = await api.db
        .selectFrom("applicants")
        .select("intake_seat")
        .where("id", "=", a._id)
        .executeTakeFirstOrThrow();
      expect(seat.intake_seat).toBe(1);
    }
  });
});
