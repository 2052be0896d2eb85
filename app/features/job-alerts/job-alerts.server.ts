import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";

import { messages } from "~/content/messages";
import { upstream, UpstreamError } from "~/upstream/index.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control.server";
import { FORM_LIMITS, formFields, readForm } from "~/utils/form-body.server";
import { failureInit } from "~/utils/rate-limit.server";

import { jobAlertSchema } from "./schema";

// The job alerts page's action, on the server side of its seam: the schema and zod stay out of the
// page's browser bundle until the form's code comes on the first touch
// (docs/decisions/050-the-form-code-comes-on-first-touch.md).

/**
 * Asks the API for alerts to the address typed (docs/product.md §2, Blog). The answer is the same
 * whether or not the address was known: the page says a link is on its way if it is new. A
 * refusal (bad address, too many requests) comes back with the address kept.
 */
export async function requestJobAlerts(request: Request) {
  const { formData } = await readForm(request, FORM_LIMITS.small, formFields([jobAlertSchema]));
  const submission = parseWithZod(formData, { schema: jobAlertSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), to: null }, { status: 400 });
  try {
    await upstream(request).jobAlerts.request(submission.value.email);
  } catch (error) {
    if (!(error instanceof UpstreamError)) console.error("[job-alerts] request failed", error);
    const message = error instanceof UpstreamError ? error.message : messages.networkError;
    const status = error instanceof UpstreamError && error.status < 500 ? 400 : 502;
    return json({ result: submission.reply({ formErrors: [message] }), to: null }, failureInit(error, status));
  }
  // The answer names the address typed: no shared cache may keep it.
  return json(
    { result: submission.reply({ resetForm: true }), to: submission.value.email },
    { headers: { "Cache-Control": PRIVATE_NO_STORE } },
  );
}
