import { json, redirect } from "@remix-run/node";
import { z } from "zod";

import { dayWords } from "@domain/intakes";
import { paidWhenWords, PAYMENT_STATUSES } from "@domain/payments";
import { formatWhen } from "@domain/schedule";
import { loginIfUnauthorized, requireStaffRoute } from "~/features/auth/auth.server";
import type { StaffRouteId } from "~/features/auth/staff-routes";
import { csvDownload } from "~/features/exports/exports.server";
import { UpstreamError } from "~/upstream/index.server";
import { readForm } from "~/utils/form-body.server";

// The staff payments page (docs/product.md §4, "Payments"): Admissions and Admin; the API checks
// the role again on every call (api/routes/payments.ts).

const filtersSchema = z.object({
  status: z.enum(PAYMENT_STATUSES).optional().catch(undefined),
  refundDue: z.enum(["1"]).optional().catch(undefined),
  q: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9-]*$/)
    .optional()
    .catch(undefined),
  after: z.string().max(80).optional().catch(undefined),
});

function filtersOf(request: Request) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const f = filtersSchema.parse(params);
  return { status: f.status, refundDue: f.refundDue, q: f.q || undefined, after: f.after };
}

export async function loadPayments(request: Request, route: StaffRouteId) {
  const { api } = await requireStaffRoute(request, route);
  const filters = filtersOf(request);
  const intakeId = z
    .string()
    .trim()
    .max(100)
    .catch("")
    .parse(new URL(request.url).searchParams.get("intake") ?? "");
  const [page, totals, intakes] = await Promise.all([
    api.payments.list(filters),
    api.payments.totals(),
    api.payments.feeIntakes(),
  ]);
  // An intake's course fees (docs/decisions/077): one the list names, or none.
  const chosen = intakes.find((i) => i.id === intakeId);
  const intakeFees = chosen ? await api.payments.intakeFees(chosen.id) : null;
  const rows = page.rows.map((p) => ({
    ...p,
    paidWhen: p.paidAt ? paidWhenWords(p.paidAt, p.method) : "",
    refundedWhen: p.refundedAt ? formatWhen(p.refundedAt) : "",
  }));
  const refunded = new URL(request.url).searchParams.get("refunded") === "1";
  return json(
    {
      ...page,
      rows,
      totals: totals.days,
      filters,
      refunded,
      intakes: intakes.map((i) => ({ id: i.id, label: `${i.course} — ${dayWords(i.startDate)}, ${i.campus}` })),
      intakeFees,
    },
    { headers: api.headers },
  );
}

export async function paymentsCsv(request: Request, route: StaffRouteId) {
  const { api } = await requireStaffRoute(request, route);
  const { status, refundDue, q } = filtersOf(request);
  return csvDownload(
    `payments-${new Date().toISOString().slice(0, 10)}.csv`,
    await api.payments.csv({ status, refundDue, q }),
  );
}

const refundForm = z.object({
  id: z.string().min(1).max(64),
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, "Give the amount refunded in naira, e.g. 20000"),
  note: z.string().trim().max(300, "At most 300 characters").default(""),
});

export type RefundFailure = { id: string; amount: string; note: string; error: string };

/** A refund made in Paystack's dashboard, recorded against its payment. */
export async function recordRefund(request: Request, route: StaffRouteId) {
  const { api } = await requireStaffRoute(request, route);
  const { formData } = await readForm(request);
  const typed = {
    id: String(formData.get("id") ?? "").slice(0, 64),
    amount: String(formData.get("amount") ?? "").slice(0, 20),
    note: String(formData.get("note") ?? "").slice(0, 300),
  };
  const parsed = refundForm.safeParse(typed);
  if (!parsed.success)
    return json({ ...typed, error: parsed.error.issues[0].message } satisfies RefundFailure, { status: 400 });
  try {
    await api.payments.refund(parsed.data.id, { amount: parsed.data.amount, note: parsed.data.note });
  } catch (error) {
    await loginIfUnauthorized(error, request);
    if (error instanceof UpstreamError && error.status < 500)
      return json({ ...typed, error: error.message } satisfies RefundFailure, {
        status: error.status === 409 ? 409 : 400,
      });
    throw error;
  }
  const back = new URL(request.url);
  back.searchParams.set("refunded", "1");
  return redirect(`${back.pathname}${back.search}`, { headers: api.headers });
}
