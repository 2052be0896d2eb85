import { courseTypeWords } from "@domain/choices";
import type { ContactIssue } from "@domain/contact-issues";
import { REGISTRATION_RECEIVED } from "@domain/registration-received";
import { registrationPayment, type SiteSettings } from "@domain/settings";

import { config } from "../config";

// The e-mails the API sends to a visitor's address. Such a mail goes wherever the visitor says,
// so it carries the academy's words and the academy's facts (the course's stored title, the
// reference), and of the visitor's own text only a first name that reads as a name: no link, no
// digits, no line break (docs/security.md, "What a visitor's text can reach"). The academy's
// name, phone, hours, fee and bank account are the Admin's settings (api/lib/settings.ts siteSettings),
// passed in by the caller, so the next mail says what was saved last.

/** Letters (any script), with spaces, apostrophes, hyphens and dots between them: a name. */
const NAME = /^\p{L}[\p{L}\p{M}'’. -]{0,39}$/u;
/** Two letters, a dot and two letters with no space between: "evil.com", not "J. K." nor "St. John". */
const DOMAIN_LIKE = /\p{L}{2}\.\p{L}{2}/u;

/** A guardian's mail greets the guardian by the name the form gave, when it reads as a name. */
export const guardianGreeting = (name: string | null) => `Dear ${name ?? "parent or guardian"},`;

/** The name to greet with, or null when the text typed as a first name is not one. */
export function greetingName(firstname: string) {
  const name = firstname.trim();
  return NAME.test(name) && !DOMAIN_LIKE.test(name) && !/www/i.test(name) ? name : null;
}

/** The e-mail the applicant receives once the registration is stored. */
export function confirmationMail(
  d: {
    firstname: string;
    reference: string;
    course: string;
    courseType: string;
    /** The private status page (docs/decisions/035). */
    statusUrl?: string;
  },
  s: SiteSettings,
) {
  const name = greetingName(d.firstname);
  const payment = registrationPayment(s);
  return {
    subject: `Your registration at ${s.contact.academyName} — ${d.reference}`,
    text: [
      name ? `Dear ${name},` : "Dear applicant,",
      "",
      REGISTRATION_RECEIVED.body,
      "",
      `${REGISTRATION_RECEIVED.reference}: ${d.reference}`,
      `${REGISTRATION_RECEIVED.course}: ${d.course} (${courseTypeWords(d.courseType)})`,
      "",
      `${REGISTRATION_RECEIVED.paymentTitle}:`,
      ...payment.steps.map((step, i) => `${i + 1}. ${step}`),
      "",
      ...(payment.withheld ? [payment.withheldNote] : payment.bank.map((row) => `${row.label}: ${row.value}`)),
      "",
      ...(d.statusUrl
        ? ["Your private status page, where you send the receipt and follow your application:", d.statusUrl, ""]
        : []),
      questions(s),
      "",
      `How we use and protect your details, how long we keep them and how to ask for a copy or their deletion: ${config().PUBLIC_URL}/privacy`,
      ...signature(s),
    ].join("\n"),
  };
}

/**
 * The e-mail a minor's guardian receives (docs/decisions/033-consent-versions-and-minors.md): the
 * application's reference, the applicant's first name and course, and a link to confirm. The
 * address is the applicant's word, so of their typing only a first name that reads as a name goes
 * in (greetingName): the mail must not carry a visitor's text (a link, digits) to a stranger.
 */
export function guardianMail(
  d: { reference: string; course: string; link: string; child: string | null; guardian: string | null },
  s: SiteSettings,
) {
  const academy = s.contact.academyName;
  return {
    subject: `Please confirm your consent — ${academy} application ${d.reference}`,
    text: [
      guardianGreeting(d.guardian),
      "",
      `An application to ${academy} (reference ${d.reference}, course: ${d.course})${d.child ? ` by ${d.child}` : ""} names you as the parent or guardian of an applicant under 18, and says that you consent to the registration and to the academy keeping the applicant's details and documents.`,
      "",
      "If that is right, please confirm it here:",
      d.link,
      "",
      `If you did not consent, open the same link and press "I do not consent" (or reply to this e-mail, quoting ${d.reference}), and we will not go ahead with the application.`,
      "",
      `How we use and protect the applicant's details and yours: ${config().PUBLIC_URL}/privacy`,
      ...signature(s),
    ].join("\n"),
  };
}

/** How an applicant reaches admissions: a reply to the confirmation goes there (its Reply-To). */
export const questions = (s: SiteSettings) =>
  `Questions? Reply to this e-mail or call us on ${s.phones[0]?.display ?? ""} (${s.contact.hours}).`;

/** The matter a visitor chose, as the contact form offers it (app/content/site.ts). */
const CONTACT_MATTERS: Record<ContactIssue, string> = { 1: "Course-related", 2: "Payment-related", 3: "Others" };

/**
 * The academy's copy of a contact message. It goes to staff only (docs/security.md), so it
 * carries what the visitor typed, with phone and matter; its Reply-To is the sender, so a
 * staff member's "Reply" answers them (docs/product.md §4).
 */
export function contactNoticeMail(d: {
  fullname: string;
  email: string;
  phone: string;
  issue: number;
  message: string;
  link: string;
}) {
  const matter = CONTACT_MATTERS[d.issue as ContactIssue] ?? String(d.issue);
  return {
    replyTo: d.email,
    subject: `New contact message from ${d.fullname}`,
    text: [
      `From: ${d.fullname} <${d.email}>`,
      `Phone: ${d.phone}`,
      `Matter: ${matter}`,
      "",
      d.message,
      "",
      `Reply to this e-mail to answer ${d.fullname}, or read it with the others at ${d.link}`,
    ].join("\n"),
  };
}

/** The applicant's private status page (docs/decisions/035), as a full link for a mail. */
export const statusLink = (publicUrl: string, token: string) => `${publicUrl}/application/${token}`;

/** The academy's name and the city of its first campus. */
export const signature = (s: SiteSettings) => [
  "",
  [s.contact.academyName, s.contact.campuses[0]?.city].filter(Boolean).join(", "),
];

/** "Send me my link again": the status link of each application made with the address. */
export function statusLinksMail(d: { links: { reference: string; course: string; url: string }[] }, s: SiteSettings) {
  return {
    subject: `Your application at ${s.contact.academyName}: your private link`,
    text: [
      "Dear applicant,",
      "",
      "You asked for the link to your application's status page. Keep it private: anyone with it can see your application's status and send a receipt for it.",
      "",
      ...d.links.flatMap((l) => [`${l.reference} (${l.course}):`, l.url, ""]),
      "If you did not ask for this, you can ignore this e-mail.",
      ...signature(s),
    ].join("\n"),
  };
}

/**
 * To the address an application gave, when a registration for the same course came again with its
 * e-mail and date of birth (docs/decisions/100-one-live-application-per-course.md): the day, the reference
 * and a fresh link, which the public form never shows.
 */
export function alreadyAppliedMail(
  d: { firstname: string; reference: string; course: string; appliedOn: string; url: string },
  s: SiteSettings,
) {
  const name = greetingName(d.firstname);
  return {
    subject: `You already applied for ${d.course} — ${d.reference}`,
    text: [
      name ? `Dear ${name},` : "Dear applicant,",
      "",
      `A registration for ${d.course} was just sent with your e-mail address and date of birth. You already applied for this course on ${d.appliedOn} (${d.reference}), so no second application was made.`,
      "",
      "Follow your application, pay and send receipts on your private status page:",
      d.url,
      "",
      "If this was not you, you can ignore this e-mail: nothing was changed.",
      ...signature(s),
    ].join("\n"),
  };
}

/** The receipt once staff confirmed the applicant's payment. */
export function paymentConfirmedMail(
  d: { firstname: string; reference: string; course: string; url: string; owed: string },
  s: SiteSettings,
) {
  const name = greetingName(d.firstname);
  return {
    subject: `Payment received — ${d.reference}`,
    text: [
      name ? `Dear ${name},` : "Dear applicant,",
      "",
      `We have received your registration fee of ${s.feeText} for application ${d.reference} (${d.course}). Thank you.`,
      "",
      `${REGISTRATION_RECEIVED.reference}: ${d.reference}`,
      `Amount: ${s.feeText}`,
      "",
      // What is still owed after it (docs/decisions/093-paid-means-nothing-is-owed.md).
      d.owed,
      "",
      "Follow your application on your private status page:",
      d.url,
      ...signature(s),
    ].join("\n"),
  };
}

/** Staff could not accept the receipt sent: the reason is on the status page. */
export function proofRejectedMail(d: { firstname: string; reference: string; url: string }, s: SiteSettings) {
  const name = greetingName(d.firstname);
  return {
    subject: `Your proof of payment needs another look — ${d.reference}`,
    text: [
      name ? `Dear ${name},` : "Dear applicant,",
      "",
      `Our admissions team could not accept the proof of payment sent for ${d.reference}. Open your status page to see why and to send it again:`,
      d.url,
      ...signature(s),
    ].join("\n"),
  };
}

/** A form saved to finish later: the link that opens it again, for 14 days. */
export function savedFormMail(d: { url: string; days: number }, s: SiteSettings) {
  return {
    subject: `Your registration form at ${s.contact.academyName}: continue where you stopped`,
    text: [
      "Dear applicant,",
      "",
      `Your registration form is saved. Open this link to continue where you stopped; it works for ${d.days} days and until you send the form:`,
      d.url,
      "",
      "Keep it private: it opens what you typed and the files you uploaded.",
      ...signature(s),
    ].join("\n"),
  };
}

/** To admissions, Reply-To the guardian: the guardian pressed "I do not consent" (docs/decisions/065-the-guardians-step-both-ways.md). */
export function guardianRefusalNotice(d: { reference: string; course: string; confirmedBefore: boolean; url: string }) {
  return {
    subject: `Guardian does not consent: ${d.reference} — ${d.course}`,
    text: [
      `The parent or guardian named on application ${d.reference} (${d.course}) pressed "I do not consent" on their confirmation page${d.confirmedBefore ? ", after confirming earlier" : ""}.`,
      "",
      "Reply to this e-mail to write to the guardian. The applicant's status page now says that the guardian did not consent.",
      "",
      d.url,
    ].join("\n"),
  };
}

/** Who ended an application, as the academy's notice says it. */
const WITHDRAWN_BY = {
  applicant: "The applicant withdrew application {ref} from their status page.",
  staff: "Application {ref} was withdrawn on its staff page.",
  system: "Application {ref} was withdrawn when its offer's deadline passed.",
} as const;

/**
 * To the academy's inbox: an application was withdrawn (docs/decisions/035-application-status-page.md).
 * After a payment it says what was paid and that the refund is to decide, with the academy's
 * policy (docs/decisions/099-withdrawn-after-paying.md).
 */
export function withdrawalNotice(d: {
  reference: string;
  course: string;
  url: string;
  by?: keyof typeof WITHDRAWN_BY;
  /** What was paid (api/mail/payment-mails.ts paidWords): null when nothing was. */
  paid?: { total: string; words: string } | null;
  refundPolicy?: string;
}) {
  const who = WITHDRAWN_BY[d.by ?? "applicant"].replace("{ref}", d.reference);
  if (!d.paid) return { subject: `Application withdrawn: ${d.reference} — ${d.course}`, text: `${who}\n\n${d.url}` };
  return {
    subject: `Application withdrawn after paying ${d.paid.total}: ${d.reference} — ${d.course}`,
    text: [
      who,
      "",
      `Paid for it: ${d.paid.words}.`,
      'Refund to decide: record the refund on the payments page, or say on the applicant page that none is due. Until then the admissions desk lists it under "Refunds to decide".',
      "",
      `What the applicant was told happens next: ${d.refundPolicy ?? ""}`,
      "",
      d.url,
    ].join("\n"),
  };
}

/** To the applicant: their application was withdrawn after a payment, what was paid and what happens next (docs/decisions/099). */
export function withdrawnAfterPaymentMail(
  d: { firstname: string; reference: string; course: string; paid: string; url: string },
  s: SiteSettings,
) {
  const name = greetingName(d.firstname);
  return {
    subject: `Your application is withdrawn — ${d.reference}`,
    text: [
      name ? `Dear ${name},` : "Dear applicant,",
      "",
      `Your application ${d.reference} (${d.course}) is withdrawn.`,
      `You paid ${d.paid} for it.`,
      "",
      `What happens next: ${s.payments.refundPolicy}`,
      "",
      "Your status page shows the payments and, once admissions have decided, the refund:",
      d.url,
      ...signature(s),
    ].join("\n"),
  };
}

/**
 * The one reminder to someone who saved the form and did not come back (docs/decisions/076). The
 * saved form's link is not in it: only its hash is stored, so the reminder points to the first mail.
 */
export function savedFormReminderMail(d: { savedOn: string; expiresOn: string }, s: SiteSettings) {
  return {
    subject: `Your registration form at ${s.contact.academyName} is still waiting for you`,
    text: [
      "Dear applicant,",
      "",
      `On ${d.savedOn} you saved a registration form at ${s.contact.academyName} to finish later, and it has not been sent yet.`,
      `To continue where you stopped, open the link in the e-mail we sent you that day; it works until ${d.expiresOn}.`,
      "",
      "If you have changed your mind, there is nothing to do: the saved form and its files are deleted on that day. We will not remind you again.",
      ...signature(s),
    ].join("\n"),
  };
}

/** To the academy's inbox, Reply-To the applicant: a registration arrived (docs/product.md §4). */
export function registrationNotice(d: {
  name: string;
  course: string;
  courseType: string;
  email: string;
  phone: string;
  url: string;
}) {
  return {
    subject: `New registration: ${d.name} — ${d.course}`,
    text: `${d.name} registered for ${d.course} (${d.courseType}).\nEmail: ${d.email}\nPhone: ${d.phone}\n\nSee every detail and the attached files at ${d.url}`,
  };
}
