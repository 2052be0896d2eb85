import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { validApplicant } from "../fixtures/registration";
import { type Api, fileOf, mailsSent, pdfBytes, send, signedInStaff, startApi, uploadTokenHeader } from "./harness";

// One live application per person and course (docs/decisions/100-one-live-application-per-course.md):
// a second registration with the same e-mail and date of birth for the same course is refused with words
// that name nothing, and the earlier application's own address is mailed its day, reference and
// link; a form saved by the same person for that course stops counting as "saved, not sent"; staff
// see the same person's other applications and close one as a duplicate.
let api: Api;
let cookie: string;
let courseIds: { hair: string; nails: string };
beforeAll(async () => {
  api = await startApi();
  ({ cookie } = await signedInStaff(api));
  const course = async (title: string) => {
    const res = await send(api, "POST", "/api/courses", { cookie, json: { title, tutors: "Staff" } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { _id: string })._id;
  };
  courseIds = { hair: await course("Hair Styling"), nails: await course("Nail Technology") };
});
afterAll(() => api.close());
beforeEach(async () => {
  for (const table of ["application_links", "saved_forms", "private_files", "applicant_notes", "applicants"])
    await sql`delete from ${sql.table(table)}`.execute(api.db);
  await sql`delete from mail_outbox`.execute(api.db);
  await (await import("../../api/limits")).clearLimits();
});

async function idCard() {
  const form = new FormData();
  form.set("group", "idCards");
  form.append("file", fileOf(pdfBytes(), "nin.pdf"));
  const res = await send(api, "POST", "/api/applicant/files", {
    multipart: form,
    headers: await uploadTokenHeader(api),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { public_id: string }[])[0]!.public_id;
}
const register = async (over: Record<string, string> = {}) =>
  send(api, "POST", "/api/applicant", {
    form: { ...validApplicant, courseTitle: "Hair Styling", files: [await idCard()], ...over },
  });
const ALREADY =
  "You have already applied for this course with this e-mail address and date of birth, so no second application was made. We have e-mailed the link to that application's status page to that address.";

describe("a second registration for the same course", () => {
  it("is refused by the same e-mail and date of birth; the earlier address is mailed the day, reference and link", async () => {
    const first = await register();
    expect(first.status).toBe(201);
    const { reference } = (await first.json()) as { reference: string };

    // The same e-mail, however it is cased, another phone.
    const byEmail = await register({ email: "AMAKA@example.com", phone: "+2348039999999" });
    expect(byEmail.status).toBe(409);
    expect(byEmail.headers.get("x-refusal")).toBe("already-applied");
    const words = await byEmail.text();
    expect(words).toBe(ALREADY);
    // The page names nothing of the earlier application.
    expect(words).not.toContain(reference);

    // Twice: each refusal mails the earlier address, never the typed one's owner beyond it.
    expect((await register({ phone: "0803 123 4567" })).status).toBe(409);
    expect(await api.db.selectFrom("applicants").select("id").execute()).toHaveLength(1);

    // Each is queued after the answer is sent (afterAnswer): the second may still be on its way.
    const already = { to: "amaka@example.com", subject: `You already applied for Hair Styling — ${reference}` };
    await expect.poll(async () => (await mailsSent(api, already)).length, { timeout: 15_000 }).toBe(2);
    const mails = await mailsSent(api, already);
    expect(mails[0]!.text).toMatch(
      new RegExp(`You already applied for this course on \\d{1,2} \\w{3} \\d{4} \\(${reference}\\)`),
    );
    expect(mails[0]!.text).toMatch(/\/application\/[\w-]{43}/);
    // The link in the mail opens the earlier application.
    const token = /\/application\/([\w-]{43})/.exec(mails[0]!.text)![1]!;
    expect(
      ((await (await send(api, "GET", `/api/application/${token}`)).json()) as { reference: string }).reference,
    ).toBe(reference);
  });

  it("goes through for another course, for a sister on the family's phone, and once the earlier one is withdrawn", async () => {
    expect((await register()).status).toBe(201);
    expect((await register({ courseTitle: "Nail Technology" })).status).toBe(201);
    // The same phone and e-mail, another date of birth: another person (staff see the shared phone).
    expect((await register({ firstname: "Ngozi", dob: "2004-06-01" })).status).toBe(201);
    await api.db
      .updateTable("applicants")
      .set({ status: "withdrawn" })
      .where("course_title", "=", "Hair Styling")
      .where("firstname", "=", "Amaka")
      .execute();
    expect((await register()).status).toBe(201);
  });
});

describe("a form saved and then sent afresh", () => {
  it("no longer counts as saved, not sent: the same person's saved form for the course goes, another course's stays", async () => {
    const saved = (hash: string, courseId: string) =>
      api.db
        .insertInto("saved_forms")
        .values({
          token_hash: hash,
          fields: JSON.stringify({ firstname: "Amaka", courseId }),
          created_at: new Date().toISOString(),
          expires_at: new Date(Date.now() + 14 * 86_400_000).toISOString(),
          email: "amaka@example.com",
          phone_key: null,
        })
        .execute();
    await saved("hash-hair", courseIds.hair);
    await saved("hash-nails", courseIds.nails);
    const before = (await (await send(api, "GET", "/api/desk", { cookie })).json()) as { savedForms: number };
    expect(before.savedForms).toBe(2);
    expect((await register()).status).toBe(201);
    const left = await api.db.selectFrom("saved_forms").select("token_hash").execute();
    expect(left).toEqual([{ token_hash: "hash-nails" }]);
    const after = (await (await send(api, "GET", "/api/desk", { cookie })).json()) as { savedForms: number };
    expect(after.savedForms).toBe(1);
  });
});

describe("possible duplicates on the staff page", () => {
  it("lists the same person's other applications (e-mail or phone, and date of birth) and closes one as a duplicate", async () => {
    const make = async (over: Record<string, string>) => {
      const res = await register(over);
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json()) as { _id: string; reference: string };
    };
    const kept = await make({});
    // The same person for another course, with another e-mail but the same phone.
    const other = await make({ courseTitle: "Nail Technology", email: "amaka.other@example.com" });
    // Someone else sharing the phone (a parent's), another date of birth: not a duplicate.
    const sibling = await make({
      courseTitle: "Nail Technology",
      email: "sibling@example.com",
      dob: "2005-02-03",
      firstname: "Ngozi",
    });
    const detail = async (id: string) =>
      (await (await send(api, "GET", `/api/applicants/${id}`, { cookie })).json()) as {
        status: string;
        possibleDuplicates: { _id: string; reference: string }[];
        notes: { body: string }[];
      };
    expect((await detail(other._id)).possibleDuplicates.map((d) => d._id)).toEqual([kept._id]);
    expect((await detail(kept._id)).possibleDuplicates.map((d) => d._id)).toEqual([other._id]);
    expect((await detail(sibling._id)).possibleDuplicates).toEqual([]);

    const close = (id: string, of: string) =>
      send(api, "POST", `/api/applicants/${id}/close-duplicate`, { cookie, json: { of } });
    // Not one of its duplicates: refused, nothing changes.
    expect((await close(other._id, sibling._id)).status).toBe(409);
    expect((await detail(other._id)).status).toBe("new");

    expect((await close(other._id, kept._id)).status).toBe(200);
    const closed = await detail(other._id);
    expect(closed.status).toBe("withdrawn");
    expect(closed.notes.map((n) => n.body)).toEqual([`Closed as a duplicate of ${kept.reference}.`]);
    expect((await detail(kept._id)).status).toBe("new");
    // Closed already: a second press is refused.
    expect((await close(other._id, kept._id)).status).toBe(409);
    await expect
      .poll(() =>
        api.db
          .selectFrom("security_log")
          .select(["event", "reason"])
          .where("subject_id", "=", `applicant:${other._id}`)
          .execute(),
      )
      .toEqual([{ event: "applicant.status_changed", reason: "withdrawn" }]);
  });
});
