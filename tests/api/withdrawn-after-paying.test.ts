import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { applicationReference } from "@domain/registrations";
import { DEFAULT_REFUND_POLICY } from "@domain/settings";
import { DEFAULT_SETTINGS } from "@domain/settings-defaults";

import { type Api, insertApplicantWithLink, mailArrived, mailsSent, send, signedInStaff, startApi } from "./harness";

// A withdrawal after paying (docs/decisions/099-withdrawn-after-paying.md): the applicant and
// admissions are told what was paid and what happens next (the academy's refund policy, a
// setting), and the application carries "refund to decide" on the desk until staff record a
// refund or decide none is due.
let api: Api;
let cookie: string;
let staffId: string;
beforeAll(async () => {
  api = await startApi();
  ({ cookie, id: staffId } = await signedInStaff(api));
});
afterAll(() => api.close());
beforeEach(async () => {
  for (const table of ["application_links", "payments", "applicants", "security_log", "mail_outbox"])
    await sql`delete from ${sql.table(table)}`.execute(api.db);
  await send(api, "PUT", "/api/settings", { cookie, json: DEFAULT_SETTINGS });
  await (await import("../../api/limits")).clearLimits();
});

let n = 0;
/** A paid payment of the application: online or by transfer, in kobo. */
async function paid(applicantId: string, amount: number, method: "paystack" | "transfer" = "paystack") {
  const { newId } = await import("../../api/lib/ids");
  const now = new Date().toISOString();
  const id = newId();
  await api.db
    .insertInto("payments")
    .values({
      id,
      reference: `FLA-PAY-WDR${String(++n).padStart(4, "0")}`,
      applicant_id: applicantId,
      purpose: "registration_fee",
      method,
      amount,
      currency: "NGN",
      status: "paid",
      channel: null,
      provider_id: null,
      transfer_reference: method === "transfer" ? `TRF-WDR-${n}` : null,
      paid_at: now,
      refunded_amount: null,
      refunded_at: null,
      refunded_by: null,
      refund_note: null,
      problem: null,
      raw_event: null,
      raw_event_at: null,
      intake_id: null,
      instalment: null,
      checkout_url: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

const stored = (id: string) =>
  api.db.selectFrom("applicants").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const desk = async () =>
  ((await (await send(api, "GET", "/api/desk", { cookie })).json()) as { refundsToDecide: number }).refundsToDecide;
const listed = async () =>
  ((await (await send(api, "GET", "/api/applicants?proof=refund", { cookie })).json()) as { _id: string }[]).map(
    (a) => a._id,
  );

describe("withdrawn after paying", () => {
  it("by the applicant's link: both told what was paid and the policy; refund to decide on the desk", async () => {
    const { id, token, email } = await insertApplicantWithLink(api, { status: "offered" });
    await paid(id, 2_000_000);
    const res = await send(api, "POST", `/api/application/${token}/withdraw`, { json: { dob: "2001-04-12" } });
    expect(res.status).toBe(200);
    expect(await stored(id)).toMatchObject({ status: "withdrawn", refund_question: "open" });

    const reference = applicationReference(id);
    const toApplicant = await mailArrived(api, { to: email, subject: `Your application is withdrawn — ${reference}` });
    expect(toApplicant.text).toContain("You paid ₦20,000 online for it.");
    expect(toApplicant.text).toContain(`What happens next: ${DEFAULT_REFUND_POLICY}`);
    const notice = await mailArrived(api, {
      subject: new RegExp(`^Application withdrawn after paying ₦20,000: ${reference}`),
    });
    expect(notice.text).toContain("The applicant withdrew application");
    expect(notice.text).toContain("Paid for it: ₦20,000 online.");
    expect(notice.text).toContain("Refund to decide");
    expect(notice.text).toContain(`/admin/applicants/${id}`);

    // The status page's answer says the question is open; the desk and the list show it.
    const status = (await (await send(api, "GET", `/api/application/${token}`)).json()) as { refund: string };
    expect(status.refund).toBe("open");
    expect(await desk()).toBe(1);
    expect(await listed()).toEqual([id]);
    // The withdrawn application's offer letter is not drawn any more.
    expect((await send(api, "GET", `/api/application/${token}/offer-letter`)).status).toBe(404);
  });

  it("by staff: the applicant is told with the policy Admins wrote; 'no refund due' closes it once, with its note", async () => {
    const policy = "Fees are not refunded after the first class. Admissions will call you within a week.";
    expect(
      (
        await send(api, "PUT", "/api/settings", {
          cookie,
          json: { ...DEFAULT_SETTINGS, payments: { ...DEFAULT_SETTINGS.payments, refundPolicy: policy } },
        })
      ).status,
    ).toBe(200);
    const { id, email } = await insertApplicantWithLink(api, { status: "paid" });
    await paid(id, 2_000_000);
    await paid(id, 5_000_000, "transfer");
    const res = await send(api, "PATCH", `/api/applicants/${id}/status`, { cookie, json: { status: "withdrawn" } });
    expect(res.status).toBe(200);
    const reference = applicationReference(id);
    const toApplicant = await mailArrived(api, { to: email, subject: `Your application is withdrawn — ${reference}` });
    expect(toApplicant.text).toContain("You paid ₦70,000 (₦20,000 online, ₦50,000 by bank transfer) for it.");
    expect(toApplicant.text).toContain(`What happens next: ${policy}`);
    const notice = await mailArrived(api, { subject: new RegExp(`^Application withdrawn after paying ₦70,000`) });
    expect(notice.text).toContain("was withdrawn on its staff page");
    expect(notice.text).toContain(policy);

    const detail = async () =>
      ((await (await send(api, "GET", `/api/applicants/${id}`, { cookie })).json()) as { refund: unknown }).refund;
    expect(await detail()).toMatchObject({ question: "open", decidedAt: null, note: null });
    expect(await desk()).toBe(1);

    const decide = (note: unknown) =>
      send(api, "POST", `/api/applicants/${id}/refund-decision`, { cookie, json: { note } });
    // No reason, or one on two lines: refused, nothing changes.
    for (const note of ["", "a\nb c d"]) expect((await decide(note)).status).toBe(400);
    expect(await stored(id)).toMatchObject({ refund_question: "open" });

    expect((await decide("Registration and first instalment not refundable (policy)")).status).toBe(200);
    expect(await detail()).toMatchObject({
      question: "none_due",
      note: "Registration and first instalment not refundable (policy)",
      decidedBy: { id: staffId },
    });
    expect(await desk()).toBe(0);
    expect(await listed()).toEqual([]);
    // Decided once: a second decision is refused.
    expect((await decide("again and again")).status).toBe(409);
    const logged = await api.db
      .selectFrom("security_log")
      .select(["event", "subject_id"])
      .where("event", "=", "applicant.refund_decided")
      .execute();
    expect(logged).toEqual([{ event: "applicant.refund_decided", subject_id: `applicant:${id}` }]);
  });

  it("recording a refund on the payments page answers the question", async () => {
    const { id } = await insertApplicantWithLink(api, { status: "accepted" });
    const payment = await paid(id, 2_000_000);
    await send(api, "PATCH", `/api/applicants/${id}/status`, { cookie, json: { status: "withdrawn" } });
    expect(await stored(id)).toMatchObject({ refund_question: "open" });
    const refunded = await send(api, "POST", `/api/payments/${payment}/refund`, {
      cookie,
      json: { amount: "20000", note: "Returned by transfer" },
    });
    expect(refunded.status).toBe(200);
    expect(await stored(id)).toMatchObject({ refund_question: "refunded", refund_decided_by: staffId });
    expect(await desk()).toBe(0);
  });

  it("nothing paid: no refund question, no mail to the applicant, admissions told as before", async () => {
    const { id, token, email } = await insertApplicantWithLink(api, { status: "contacted" });
    expect(
      (await send(api, "POST", `/api/application/${token}/withdraw`, { json: { dob: "2001-04-12" } })).status,
    ).toBe(200);
    expect(await stored(id)).toMatchObject({ status: "withdrawn", refund_question: null });
    const notice = await mailArrived(api, {
      subject: new RegExp(`^Application withdrawn: ${applicationReference(id)}`),
    });
    expect(notice.text).not.toContain("Paid");
    expect(await mailsSent(api, { to: email })).toEqual([]);
    expect(await desk()).toBe(0);
  });
});
