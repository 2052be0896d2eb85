import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { SiteAddress } from "~/components/layout";
import { PageBanner } from "~/components/page-banner";
import { ToastArea } from "~/components/toasts";
import { contactCopy } from "~/content/contact";
import { pageDescriptions } from "~/content/page-descriptions";
import { chrome, crumbs } from "~/content/site";
import { contactFormData, sendContactMessage } from "~/features/contact/contact.server";
import { ContactSent } from "~/features/contact/contact-sent";
import { ContactPageFormOnFirstTouch } from "~/features/contact/form-on-first-touch";
import { useSettings } from "~/hooks/use-settings";
import { academyNameFrom, seo } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: chrome.contactUs,
    description: pageDescriptions.contact(academyNameFrom(matches)),
    path: "/contact",
  });

/**
 * The honeypot's token and the fields' HTML constraints for this page's form (the contact modal
 * on any other page fetches the same from /contact.json).
 */
export async function loader() {
  return json(contactFormData());
}

// The contact form's action, for the modal and for this page (docs/decisions/039): contact.server.ts.
export async function action({ request }: ActionFunctionArgs) {
  return sendContactMessage(request);
}

export default function Contact() {
  const settings = useSettings();
  const { constraint } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <main id="main" className="contact-page">
      <PageBanner title="Contact Us" text={contactCopy.intro} crumbs={[crumbs.home, { label: chrome.contactUs }]} />
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
