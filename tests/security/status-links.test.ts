import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  type Api,
  fileOf,
  insertCourse,
  pdfBytes,
  readOutbox,
  send,
  signedInStaff,
  sleep,
  startApi,
  uploadTokenHeader,
} from "../api/harness";
import { validApplicant } from "../fixtures/registration";

// Third review, finding 5: a status link never expired and could not be revoked, each "send me my
// link again" added one more, and anyone holding a link (a forwarded mail, a shared phone's
// history) could withdraw the application. Now a link stops opening 30 days after its
// application was closed, paid or withdrawn; a new link request revokes the earlier links; and
// withdrawing asks for the date of birth (docs/decisions/091: not the reference, which the page shows).
let api: Api;
let courseId: string;
beforeAll(async () => {
  api = await startApi();
  courseId = (await insertCourse(api, "Hair Styling")).id;
});
afterAll(() => api.close());

type Registered = { _id: string; reference: string; statusToken: string };
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
  const email = `person${n}@example.com`;
  const res = await send(api, "POST", "/api/applicant", {
    form: { ...validApplicant, courseId, email, phone: `+234803${String(n).padStart(7, "0")}`, files: file.public_id },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { ...((await res.json()) as Registered), email };
}
/** The "your private link" mail to `email`, once the queue has sent it. */
async function linkMailTo(email: string) {
  for (let i = 0; i < 400; i++) {
    const found = readOutbox(api).find(
      (m) => m.subject.includes("your private link") && JSON.stringify(m.to).includes(email),
    );
    if (found) return found;
    await sleep(25);
  }
  throw new Error(`no link mail to ${email}`);
}
const opens = async (token: string) => (await send(api, "GET", `/api/application/${token}`)).status;
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000).toISOString();

describe("status links have a lifetime", () => {
  it("stop opening 30 days after the application was closed, paid or withdrawn", async () => {
    const results: Record<string, [number, number]> = {};
    for (const status of ["declined", "withdrawn", "paid", "enrolled", "new", "contacted"] as const) {
      const { _id, statusToken } = await register();
      await api.db
        .updateTable("applicants")
        .set({ status, status_changed_at: daysAgo(29) })
        .where("id", "=", _id)
        .execute();
      const within = await opens(statusToken);
      await api.db
        .updateTable("applicants")
        .set({ status_changed_at: daysAgo(31) })
        .where("id", "=", _id)
        .execute();
      results[status] = [within, await opens(statusToken)];
    }
    expect(results).toEqual({
      declined: [200, 404],
      withdrawn: [200, 404],
      paid: [200, 404],
      enrolled: [200, 404],
      new: [200, 200],
      contacted: [200, 200],
    });
  });

  it("a new link request revokes the earlier links; the mailed one opens", async () => {
    const { statusToken, email, reference } = await register();
    expect(await opens(statusToken)).toBe(200);
    const asked = await send(api, "POST", "/api/application/link-request", { json: { email } });
    expect(asked.status).toBe(202);
    const mail = await linkMailTo(email);
    const fresh = mail.text.match(/\/application\/([\w-]{43})/)![1];
    expect({ old: await opens(statusToken), fresh: await opens(fresh) }).toEqual({ old: 404, fresh: 200 });
    const page = (await (await send(api, "GET", `/api/application/${fresh}`)).json()) as { reference: string };
    expect(page.reference).toBe(reference);
  });
});

describe("withdrawing asks who it is", () => {
  it("refuses without the date of birth, with a wrong one or with the reference; takes the date", async () => {
    const a = await register();
    const b = await register();
    const withdraw = (token: string, body: Record<string, string>) =>
      send(api, "POST", `/api/application/${token}/withdraw`, { form: body });
    const refused = [
      await withdraw(a.statusToken, {}),
      await withdraw(a.statusToken, { dob: a.reference }),
      await withdraw(a.statusToken, { dob: "1999-01-01" }),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400]);
    expect(await refused[0].text()).toBe("Enter your date of birth.");
    const status = async (id: string) =>
      (await api.db.selectFrom("applicants").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
    expect(await status(a._id)).toBe("new");
    const [y, m, d] = validApplicant.dob.split("-");
    expect((await withdraw(a.statusToken, { dob: ` ${d}/${m}/${y} ` })).status).toBe(200);
    expect((await withdraw(b.statusToken, { dob: validApplicant.dob })).status).toBe(200);
    expect([await status(a._id), await status(b._id)]).toEqual(["withdrawn", "withdrawn"]);
  });
});

describe("declining an offer asks who it is, as withdrawing does (docs/decisions/088 and 091)", () => {
  it("a forwarded link alone does not give the seat away: refused without the proof, taken with it", async () => {
    const { cookie } = await signedInStaff(api, "admissions.offers@academy.test", { role: "admissions" });
    const a = await register();
    const acceptBy = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const offered = await send(api, "POST", `/api/applicants/${a._id}/offer`, { cookie, json: { acceptBy } });
    expect(offered.status, await offered.clone().text()).toBe(200);
    const decline = (body: Record<string, string>) =>
      send(api, "POST", `/api/application/${a.statusToken}/offer`, { form: { answer: "decline", ...body } });
    const refused = [await decline({}), await decline({ dob: a.reference }), await decline({ dob: "1999-01-01" })];
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400]);
    expect(await refused[0].text()).toBe("Enter your date of birth.");
    const status = async () =>
      (await api.db.selectFrom("applicants").select("status").where("id", "=", a._id).executeTakeFirstOrThrow()).status;
    expect(await status()).toBe("offered");
    expect((await decline({ dob: validApplicant.dob })).status).toBe(200);
    expect(await status()).toBe("withdrawn");
  });
});
