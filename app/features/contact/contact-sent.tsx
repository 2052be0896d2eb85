import { useEffect, useRef } from "react";

import { contactCopy } from "~/content/contact";
import { useSettings } from "~/hooks/use-settings";

/** Who a stored message was from: the action renders it back, so no URL or cookie carries it. */
export type ContactSentTo = { name: string; email: string };

/**
 * What takes the contact form's place once the message is stored, on the page (with or without
 * JavaScript) and in the modal: it stays until the visitor leaves or asks for a fresh form, so
 * nobody sends twice for want of seeing it (docs/decisions/039-contact-confirmation-in-the-page.md).
 */
export function ContactSent({ to, action }: { to: ContactSentTo; action: React.ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const settings = useSettings();
  const phone = settings.phones[0];
  // With JavaScript the form under the keyboard's focus is gone: focus moves to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="contact-sent" role="status" aria-labelledby="contact-sent-title">
      <h2 id="contact-sent-title" ref={heading} tabIndex={-1}>
        {contactCopy.sentTitle}
      </h2>
      <p>{contactCopy.sentThanks(to.name, to.email)}</p>
      <p>
        {contactCopy.sentCall} <a href={phone?.href}>{phone?.display}</a> ({settings.contact.hours}).
      </p>
      {action}
    </section>
  );
}
