import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { SiteAddress } from "~/components/layout";
import { PageBanner } from "~/components/page-banner";
import { ToastArea } from "~/components/toasts";
import { contactCopy } from "~/content/contact";
import { messages } from "~/content/messages";
import { securityText } from "~/content/security";
import { chrome, site } from "~/content/site";
import { contactFormData } from "~/features/contact/contact.server";
import type { ContactActionData } from "~/features/contact/contact-form";
import { ContactSent } from "~/features/contact/contact-sent";
import { ContactPageFormOnFirstTouch } from "~/features/contact/form-on-first-touch";
import { contactSchema } from "~/features/contact/schema";
import { useSettings } from "~/features/settings/use-settings";
import { upstream, UpstreamError } from "~/upstream/index.server";
import { FORM_LIMITS, formFields, readForm } from "~/utils/form-body.server";
import { HONEYPOT_FIELDS, honeypotVerdict } from "~/utils/honeypot.server";
import { failureInit } from "~/utils/rate-limit.server";
import { seo } from "~/utils/seo";
import { toastHeader } from "~/utils/toast.server";

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Contact Us",
    description: `Send ${site.name} a message about a course, a payment or anything else.`,
    path: "/contact",
  });

/**
 * The honeypot's token and the fields' HTML constraints for this page's form (the contact modal
 * on any other page fetches the same from /contact.json).
 */
export async function loader() {
  return json(contactFormData());
}

/**
 * The contact form's action, for the modal (a fetcher: `via=modal`) and for this page with or
 * without JavaScript. A stored message answers with who it was from, and the page or modal shows
 * the lasting confirmation in the form's place, rendered from this answer: no cookie and no URL
 * carries the sender's name or address (docs/decisions/039-contact-confirmation-in-the-page.md).
 * On failure the form comes back with everything typed.
 */
export async function action({ request }: ActionFunctionArgs) {
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

export default function Contact() {
  const settings = useSettings();
  const { constraint } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <main id="main" className="contact-page">
      <PageBanner
        title="Contact Us"
        text={contactCopy.intro}
        crumbs={[{ label: "Home", to: "/" }, { label: "Contact Us" }]}
      />
      <section className="section">
        <div className="container contact-grid">
          <div className="contact-card">
            {data?.sent && data.to ? (
              <ContactSent to={data.to} action={<a href="/contact">{contactCopy.sendAnother}</a>} />
            ) : (
              <ContactPageFormOnFirstTouch constraint={constraint} lastResult={data?.result} />
            )}
          </div>
          <div className="contact-details">
            <h2>{chrome.visitOrCall}</h2>
            <SiteAddress>
              <p>{settings.contact.hours}</p>
            </SiteAddress>
          </div>
        </div>
      </section>
      {data && "toast" in data && data.toast ? <ToastArea flashes={[]} pageToasts={[data.toast]} /> : null}
    </main>
  );
}
