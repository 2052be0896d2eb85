import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";

import { dayWords } from "@domain/intakes";
import { offerText as t, pipelineText as p } from "~/content/lifecycle";
import { loginIfUnauthorized } from "~/features/auth/auth.server";
import { type upstream, UpstreamError } from "~/upstream/index.server";
import { failureInit } from "~/utils/rate-limit.server";
import { redirectWithToast } from "~/utils/toast.server";

import { offerForm } from "./offer-schema";

// Staff offer a seat from the applicant's page (docs/decisions/074-one-status-model-and-when-a-seat-is-taken.md):
// the API takes the seat, sets Offered and mails the offer with its letter in one transaction. A refused
// deadline comes back under its field with what was typed; a full intake or a closed application above the form.

export async function makeOffer(request: Request, api: ReturnType<typeof upstream>, id: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: offerForm });
  if (submission.status !== "success") return json({ offerResult: submission.reply() }, { status: 400 });
  try {
    await api.applicants.offer(id, submission.value.acceptBy);
  } catch (error) {
    await loginIfUnauthorized(error, request);
    if (!(error instanceof UpstreamError)) throw error;
    if (error.status === 404) throw new Response("Not found", { status: 404 });
    // 400: the deadline (the API's own check); 409: no seat left, or not an open application.
    const message = error.status < 500 ? error.message : p.saveFailed;
    const reply =
      error.status === 400
        ? submission.reply({ fieldErrors: { acceptBy: [message] } })
        : submission.reply({ formErrors: [message] });
    return json({ offerResult: reply }, failureInit(error, error.status === 409 ? 409 : 400));
  }
  return redirectWithToast(
    `/admin/applicants/${encodeURIComponent(id)}`,
    { message: t.made(dayWords(submission.value.acceptBy)), type: "success" },
    { headers: api.headers },
    request,
  );
}
