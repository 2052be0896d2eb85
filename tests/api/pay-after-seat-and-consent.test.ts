import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { type FakePaystack, startPaystack } from "../support/paystack";
import { type Api, insertApplicantWithLink, send, startApi } from "./harness";

// Nothing is asked before there is a seat or a guardian's consent
// (docs/decisions/101-no-payment-before-a-seat-or-consent.md): a waiting list's applicant and a
// minor whose guardian has not confirmed are offered no "Pay online", and a checkout is refused;
// once offered a seat, or once the guardian confirms, paying opens.
const SECRET = `sk_test_${"4b2d6f8a1c".repeat(4)}`;
let paystack: FakePaystack;
let api: Api;
beforeAll(async () => {
  paystack = await startPaystack({ secretKey: SECRET });
  api = await startApi({ env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: paystack.base } });
});
afterAll(async () => {
  await api.close();
  await paystack.close();
});
beforeEach(async () => {
  for (const table of ["application_links", "payments", "applicants"])
    await sql`delete from ${sql.table(table)}`.execute(api.db);
  await (await import("../../api/limits")).clearLimits();
});

const online = async (token: string) =>
  ((await (await send(api, "GET", `/api/application/${token}/payments`)).json()) as { online: boolean }).online;
const start = (token: string) => send(api, "POST", `/api/application/${token}/payments/paystack`, { json: {} });

describe("paying the registration fee waits for a seat and for consent", () => {
  it("a waiting list's applicant: no Pay online and no checkout, until a seat is offered", async () => {
    const { id, token } = await insertApplicantWithLink(api, { waitlisted_at: new Date().toISOString() });
    expect(await online(token)).toBe(false);
    const refused = await start(token);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toBe("This application has nothing to pay now.");
    expect(await api.db.selectFrom("payments").selectAll().execute()).toEqual([]);
    // Offered a seat: off the list, and paying opens.
    await api.db
      .updateTable("applicants")
      .set({ waitlisted_at: null, status: "offered" })
      .where("id", "=", id)
      .execute();
    expect(await online(token)).toBe(true);
    expect([200, 201]).toContain((await start(token)).status);
  });

  it("a minor whose guardian has not consented: no Pay online and no checkout, until the guardian confirms", async () => {
    const { id, token } = await insertApplicantWithLink(api, {
      guardian_name: "Ngozi Obi",
      guardian_relationship: "Mother",
      guardian_email: "mother@example.com",
      guardian_phone: "+2348021234567",
    });
    expect(await online(token)).toBe(false);
    expect((await start(token)).status).toBe(409);
    await api.db
      .updateTable("applicants")
      .set({ guardian_confirmed_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    expect(await online(token)).toBe(true);
    expect([200, 201]).toContain((await start(token)).status);
  });
});
