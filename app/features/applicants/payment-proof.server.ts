import { json } from "@remix-run/node";
import * as z from "zod";

import { PROOF_REASON_MAX_LENGTH } from "@domain/pipeline";
import { proofStaffCopy as copy } from "~/content/lifecycle";
import { pipelineText as p } from "~/content/lifecycle";
import { loginIfUnauthorized } from "~/features/auth/auth.server";
import { type upstream, UpstreamError } from "~/upstream/index.server";
import { redirectWithToast } from "~/utils/toast.server";

// Staff decide on a proof of payment (docs/product.md §4): confirm (the API sets Paid and mails
// the receipt) or reject with a reason the applicant reads on their status page.

export const PROOF_INTENTS = ["proof-confirm", "proof-reject"] as const;

const rejectSchema = z.object({
  reason: z
    .string({ error: copy.reasonRequired })
    .trim()
    .min(1, copy.reasonRequired)
    .max(PROOF_REASON_MAX_LENGTH, `At most ${PROOF_REASON_MAX_LENGTH} characters`),
});

export async function decideProof(request: Request, api: ReturnType<typeof upstream>, id: string, formData: FormData) {
  const here = `/admin/applicants/${encodeURIComponent(id)}`;
  const intent = formData.get("intent");
  try {
    if (intent === "proof-confirm") {
      const { refundDue } = await api.applicants.confirmProof(id);
      return redirectWithToast(
        here,
        { message: refundDue ? copy.confirmedRefundDueToast : copy.confirmedToast, type: "success" },
        { headers: api.headers },
        request,
      );
    }
    const parsed = rejectSchema.safeParse({ reason: formData.get("reason") ?? "" });
    if (!parsed.success)
      return json({ proofError: parsed.error.issues[0].message, result: undefined }, { status: 400 });
    await api.applicants.rejectProof(id, parsed.data.reason);
    return redirectWithToast(here, { message: copy.rejectedToast, type: "success" }, { headers: api.headers }, request);
  } catch (error) {
    await loginIfUnauthorized(error, request);
    if (error instanceof UpstreamError && error.status === 404) throw new Response("Not found", { status: 404 });
    const message = error instanceof UpstreamError && error.status < 500 ? error.message : p.saveFailed;
    if (!(error instanceof UpstreamError)) console.error("[applicants] proof decision failed", error);
    return json({ proofError: message, result: undefined }, { status: 400 });
  }
}
