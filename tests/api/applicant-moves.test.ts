import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { applicationReference } from "@domain/registrations";

import { type Api, insertApplicantWithLink, mailArrived, send, signedInStaff, startApi } from "./harness";

// One place moves an applicant (docs/decisions/089-one-place-moves-an-applicant.md): every path that
// changes a status sets updated_at (the retention clock counts from it) and status_changed_*, and
// a move the table does not allow changes nothing.
let api: Api;
let cookie: string;
let staffId: string;
beforeAll(async () => {
  api = await startApi();
  ({ cookie } = await signedInStaff(api));
  staffId = (await api.db.selectFrom("users").select("id").executeTakeFirstOrThrow()).id;
});
afterAll(() => api.close());
beforeEach(async () => {
  for (const table of ["application_links", "payments", "applicants", "security_log"])
    await sql`delete from ${sql.table(table)}`.execute(api.db);
});

const LONG_AGO = "2024-01-02T03:04:05.000Z";
/** An application last changed long ago, in `status`, with a status link. */
const applicant = (status: string, over: Record<string, unknown> = {}) =>
  insertApplicantWithLink(api, {
    status: status as "new",
    created_at: LONG_AGO,
    updated_at: LONG_AGO,
    status_changed_at: LONG_AGO,
    ...over,
  });

const stored = (id: string) =>
  api.db.selectFrom("applicants").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const justNow = (iso: string | null) => !!iso && Date.now() - Date.parse(iso) < 60_000;

describe("every status write sets the retention clock", () => {
  it("the applicant withdrawing on the status page: updated_at, by no staff member, admissions told", async () => {
    const { id, token } = await applicant("contacted");
    const res = await send(api, "POST", `/api/application/${token}/withdraw`, {
      json: { dob: "2001-04-12" },
    });
    expect(res.status).toBe(200);
    const row = await stored(id);
    expect(row).toMatchObject({ status: "withdrawn", status_changed_by: null });
    expect(justNow(row.updated_at)).toBe(true);
    expect(justNow(row.status_changed_at)).toBe(true);
    const notice = await mailArrived(api, {
      subject: new RegExp(`^Application withdrawn: ${applicationReference(id)}`),
    });
    expect(notice.text).toContain(`/admin/applicants/${id}`);
  });

  it("staff confirming a transfer receipt: Paid, updated_at, by that member, in the security log", async () => {
    const { id } = await applicant("new", { payment_proof: "waiting" });
    const res = await send(api, "POST", `/api/applicants/${id}/proof/confirm`, { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "paid", paymentProof: "confirmed" });
    const row = await stored(id);
    expect(row).toMatchObject({ status: "paid", status_changed_by: staffId, payment_proof: "confirmed" });
    expect(justNow(row.updated_at)).toBe(true);
    await expect
      .poll(() =>
        api.db.selectFrom("security_log").select(["event", "reason"]).where("actor_id", "=", staffId).execute(),
      )
      .toContainEqual({ event: "applicant.status_changed", reason: "paid" });
  });

  it("a transfer receipt confirmed for an application further on leaves its status where it is", async () => {
    const { id } = await applicant("enrolled", { payment_proof: "waiting" });
    const res = await send(api, "POST", `/api/applicants/${id}/proof/confirm`, { cookie });
    expect(await res.json()).toMatchObject({ status: "enrolled", paymentProof: "confirmed" });
    expect(await stored(id)).toMatchObject({ status: "enrolled", status_changed_at: LONG_AGO });
  });

  it("staff setting a status by hand: updated_at, status_changed_*, and the log", async () => {
    const { id } = await applicant("new");
    const res = await send(api, "PATCH", `/api/applicants/${id}/status`, { cookie, json: { status: "contacted" } });
    expect(res.status).toBe(200);
    const row = await stored(id);
    expect(row).toMatchObject({ status: "contacted", status_changed_by: staffId });
    expect(justNow(row.updated_at)).toBe(true);
    expect(row.updated_at).toBe(row.status_changed_at);
  });

  it("accepting and declining an open offer: updated_at each time", async () => {
    const open = { offered_at: LONG_AGO, offer_expires_at: new Date(Date.now() + 86_400_000).toISOString() };
    const accepting = await applicant("offered", open);
    expect(
      (await send(api, "POST", `/api/application/${accepting.token}/offer`, { json: { answer: "accept" } })).status,
    ).toBe(200);
    expect(justNow((await stored(accepting.id)).updated_at)).toBe(true);
    // Accepting is confirmed by mail, as every decision is.
    const confirmed = await mailArrived(api, {
      subject: `Your seat is confirmed — ${applicationReference(accepting.id)}`,
    });
    expect(confirmed.text).toContain("it is held for you");
    const declining = await applicant("offered", open);
    const declined = await send(api, "POST", `/api/application/${declining.token}/offer`, {
      json: { answer: "decline", dob: "12/04/2001" },
    });
    expect(declined.status).toBe(200);
    const row = await stored(declining.id);
    expect(row.status).toBe("withdrawn");
    expect(justNow(row.updated_at)).toBe(true);
  });
});

describe("moveApplicant", () => {
  it("changes nothing for a move the table does not allow, and answers null", async () => {
    const { moveApplicant } = await import("../../api/lib/admission-offers");
    const { siteSettings } = await import("../../api/lib/settings");
    const academy = await siteSettings();
    const { id } = await applicant("declined");
    const moved = await api.db
      .transaction()
      .execute((trx) => moveApplicant(trx, id, { to: "withdrawn", by: "applicant", academy }));
    expect(moved).toBeNull();
    const accepted = await api.db
      .transaction()
      .execute((trx) => moveApplicant(trx, id, { to: "accepted", by: "system", academy }));
    expect(accepted).toBeNull();
    expect(await stored(id)).toMatchObject({ status: "declined", updated_at: LONG_AGO, status_changed_at: LONG_AGO });
  });
});
