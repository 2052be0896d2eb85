import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";

import { messages } from "~/content/messages";
import { securityText } from "~/content/security";
import type { ContactActionData } from "~/features/contact/contact-form";
import { contactSchema } from "~/features/contact/schema";
import { upstream, UpstreamError } from "~/upstream/index.server";
import { FORM_LIMITS, formFields, readForm } from "~/utils/form-body.server";
import { honeypot, HONEYPOT_FIELDS, honeypotVerdict } from "~/utils/honeypot.server";
import { failureInit } from "~/utils/rate-limit.server";
import { toastHeader } from "~/utils/toast.server";

/**
 * The contact form's HTML constraints (required, maxLength, …), read from the schema here and
 * sent with /contact's data, to the page and to the modal that fetches it: getZodConstraint in
 * the browser would bring conform's zod adapter, and with it classic zod (decision 023).
 */
export const contactConstraint = getZodConstraint(contactSchema);

/** What the contact form needs from the server: the honeypot's token and the constraints. */
export const contactFormData = () => ({ honeypot: honeypot.getInputProps(), constraint: contactConstraint });

/**
 * The contact form's action, for the modal (a fetcher: `via=modal`) and for this page with or
 * without JavaScript. A stored message answers with who it was from, and the page or modal shows
 * the lasting confirmation in the form's place, rendered from this answer: no cookie and no URL
 * carries the sender's name or address (docs/decisions/039-contact-confirmation-in-the-page.md).
 * On failure the form comes back with everything typed.
 */
export async function sendContactMessage(request: Request) {
  const { formData } = await readForm(
    request,
    FORM_LIMITS.small,
    formFields([contactSchema], [...HONEYPOT_FIELDS, "via"]),
  );
  const viaModal = formData.get("via") === "modal";
  const submission = parseWithZod(formData, { schema: contactSchema });

  if (submission.status !== "success") {
    return json<ContactActionData>({ result: submission.reply(), sent: false }, { status: 400 });
  }
  const verdict = honeypotVerdict(formData);
  // A bot filled the hidden field: answer as if all went well, send nothing.
  if (verdict !== "bot") {
    try {
      // An unreadable anti-spam token is never a silent success: the form comes back, kept.
      if (verdict === "resend") throw new UpstreamError(400, securityText.resend);
      await upstream(request).contact.send(submission.value);
    } catch (error) {
      const message = error instanceof UpstreamError ? error.message : messages.networkError;
      if (!(error instanceof UpstreamError)) console.error("[contact] send failed", error);
      const toast = { message, type: "error" as const, persistent: true as const };
      const status = error instanceof UpstreamError && error.status < 500 ? 400 : 502;
      // Nothing typed is lost: the reply carries the values back into the form.
      const result = submission.reply({ formErrors: [message] });
      if (viaModal)
        return json<ContactActionData>(
          { result, sent: false },
          failureInit(error, status, { "Set-Cookie": await toastHeader(toast, request) }),
        );
      return json<ContactActionData>({ result, sent: false, toast }, failureInit(error, status));
    }
  }
  const to = { name: submission.value.fullname, email: submission.value.email };
  // The answer holds the sender's own name and address: no shared cache may keep it.
  return json<ContactActionData>(
    { result: submission.reply({ resetForm: true }), sent: true, to },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
