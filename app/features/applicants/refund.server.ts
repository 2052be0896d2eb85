import { json } from "@remix-run/node";
import { z } from "zod";

import { isOneLine } from "@domain/text";
import { refundQuestionCopy as copy } from "~/content/payments-staff";
import { loginIfUnauthorized } from "~/features/auth/auth.server";
import { type upstream, UpstreamError } from "~/upstream/index.server";
import { redirectWithToast } from "~/utils/toast.server";

// "No refund is due" on an applicant withdrawn after paying (docs/decisions/099-withdrawn-after-paying.md):
// the note checked as the API checks it, so a refused one comes back with what was typed.

const refundNoneForm = z.object({
  note: z.string().trim().min(3, copy.noteInvalid).max(300, copy.noteInvalid).refine(isOneLine, copy.noteInvalid),
});

export async function decideNoRefund(
  request: Request,
  api: ReturnType<typeof upstream>,
  id: string,
  formData: FormData,
) {
  const typed = String(formData.get("note") ?? "");
  const parsed = refundNoneForm.safeParse({ note: typed });
  if (!parsed.success)
    return json(
      { refundDecision: { error: parsed.error.issues[0]?.message ?? copy.noteInvalid, note: typed } },
      { status: 400 },
    );
  try {
    await api.applicants.decideNoRefund(id, parsed.data.note);
  } catch (error) {
    await loginIfUnauthorized(error, request);
    const message = error instanceof UpstreamError && error.status < 500 ? error.message : copy.failed;
    return json({ refundDecision: { error: message, note: typed } }, { status: 400 });
  }
  return redirectWithToast(
    `/admin/applicants/${encodeURIComponent(id)}#refund-title`,
    { message: copy.saved, type: "success" },
    { headers: api.headers },
    request,
  );
}
