import { json } from "@remix-run/node";
import { z } from "zod";

import { FEE_TRANSFER_LIMITS as L } from "@domain/course-fees";
import { formatKobo, paidWhenWords } from "@domain/payments";
import { lagosDate } from "@domain/schedule";
import { asStoredDay } from "@domain/typed-day";
import { paidForText } from "~/content/payments";
import { feeTransferCopy as copy } from "~/content/payments-staff";
import { loginIfUnauthorized } from "~/features/auth/auth.server";
import { type upstream, UpstreamError } from "~/upstream/index.server";
import { redirectWithToast } from "~/utils/toast.server";

// Staff record a course-fee transfer on the applicant's page (docs/decisions/081-one-application-pays-in-turn.md):
// the form's fields checked here for their shape, again by the API, which reckons the rest.

export const FEE_TRANSFER_INTENT = "fee-transfer";

type Api = ReturnType<typeof upstream>;
const FIELDS = ["amount", "instalment", "transferReference", "paidOn"] as const;
type Field = (typeof FIELDS)[number];
export type FeeTransferFailure = {
  typed: Record<Field, string>;
  fieldErrors: Partial<Record<Field, string>>;
  formError?: string;
};

const daysAgo = (days: number) => lagosDate(new Date(Date.now() - days * 86_400_000));
const feeTransferForm = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^₦?\s*\d{1,3}(,?\d{3})*$/, copy.amountBad)
    .refine((v) => Number(v.replace(/[,\s₦]/g, "")) >= 1, copy.amountBad)
    .refine((v) => Number(v.replace(/[,\s₦]/g, "")) <= L.maxNaira, copy.amountBad),
  instalment: z.string().regex(/^[1-6]?$/, copy.instalmentBad),
  transferReference: z
    .string()
    .trim()
    .min(L.referenceMin, copy.referenceBad)
    .max(L.referenceMax, copy.referenceBad)
    .regex(L.referencePattern, copy.referenceBad),
  paidOn: z
    .string()
    .overwrite(asStoredDay)
    .regex(/^\d{4}-\d{2}-\d{2}$/, copy.paidOnBad)
    .refine((d) => d <= lagosDate() && d >= daysAgo(L.oldestDays), copy.paidOnBad),
});

/** The applicant's course fee and payments for their staff page, with the words each row shows. */
export async function loadFeeTransfer(api: Api, applicantId: string) {
  const { courseFee, history } = await api.payments.applicantCourseFee(applicantId);
  return {
    courseFee,
    history: history.map((p) => ({
      reference: p.reference,
      amountText: p.amountText,
      paidFor: paidForText(p),
      method: p.method,
      transferReference: p.transferReference,
      status: p.status,
      refundDue: p.refundDue,
      problem: p.problem,
      paidWhen: p.paidAt ? paidWhenWords(p.paidAt, p.method) : "",
    })),
    today: lagosDate(),
    oldest: daysAgo(L.oldestDays),
  };
}

/** "Record transfer" posted: recorded and back with a notice, or the form again with what was typed and why. */
export async function recordFeeTransfer(request: Request, api: Api, applicantId: string, formData: FormData) {
  const typed = Object.fromEntries(FIELDS.map((f) => [f, String(formData.get(f) ?? "").slice(0, 80)])) as Record<
    Field,
    string
  >;
  const refused = (fieldErrors: FeeTransferFailure["fieldErrors"], status: number, formError?: string) =>
    json({ feeTransfer: { typed, fieldErrors, formError } satisfies FeeTransferFailure }, { status });
  const parsed = feeTransferForm.safeParse(typed);
  if (!parsed.success) {
    const fieldErrors: FeeTransferFailure["fieldErrors"] = {};
    for (const issue of parsed.error.issues) fieldErrors[issue.path[0] as Field] ??= issue.message;
    return refused(fieldErrors, 400);
  }
  try {
    const row = await api.payments.recordFeeTransfer(applicantId, parsed.data);
    return redirectWithToast(
      `/admin/applicants/${encodeURIComponent(applicantId)}#course-fee`,
      { message: copy.recorded(formatKobo(row.amount)), type: "success" },
      { headers: api.headers },
      request,
    );
  } catch (error) {
    await loginIfUnauthorized(error, request);
    if (error instanceof UpstreamError && error.status === 404) throw new Response("Not found", { status: 404 });
    if (!(error instanceof UpstreamError) || error.status >= 500) {
      if (!(error instanceof UpstreamError)) console.error("[applicants] course-fee transfer failed", error);
      return refused({}, 400, copy.failed);
    }
    // The API names the field ("transferReference: …"); its words go by that field.
    const field = FIELDS.find((f) => error.message.startsWith(`${f}:`) || error.message.startsWith(`${f} `));
    const status = error.status === 409 ? 409 : 400;
    if (!field) return refused({}, status, error.message);
    return refused({ [field]: error.message.slice(field.length + 1).trim() }, status);
  }
}
