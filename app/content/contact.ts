import type { ContactIssue } from "@domain/contact-issues";

import { contactIntro } from "./site";

// The contact form's words (docs/product.md §2, Contact): the modal loads them with its form.
const contactIssueLabels: Record<ContactIssue, string> = { 1: "Course-related", 2: "Payment-related", 3: "Others" };
// Built from the labels (a type-only import) so every page's bundle does not carry domain/.
export const contactIssues = Object.entries(contactIssueLabels).map(([value, label]) => ({ value, label }));

/** How soon the academy promises to answer a contact message. */
const CONTACT_REPLY_WORKING_DAYS = 2;

export const contactCopy = {
  intro: contactIntro,
  sent: "Your message has been sent. We will get back to you shortly.",
  // The lasting confirmation that takes the form's place once a message is stored
  // (docs/decisions/039-contact-confirmation-in-the-page.md).
  sentTitle: "Message sent",
  sentThanks: (name: string, email: string) =>
    `Thank you, ${name}. We will reply to ${email} within ${CONTACT_REPLY_WORKING_DAYS} working days.`,
  sentCall: "Need an answer sooner? Call us on",
  sendAnother: "Send another message",
  close: "Close",
  // Shown in the modal for the moment its form's rules and anti-spam token are on their way.
  loading: "Loading…",
  // Shown in the modal instead when they could not be fetched (a dropped connection): the
  // contact page has the same form and works without them being fetched.
  unavailable: "The form could not be loaded.",
  openPage: "Open the contact page",
};
