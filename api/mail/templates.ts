import { REGISTRATION_PAYMENT, REGISTRATION_RECEIVED } from "@domain/registrations";

import { config } from "../config";

// The e-mails the API sends to a visitor's address. Such a mail goes wherever the visitor says,
// so it carries the academy's words and the academy's facts (the course's stored title, the
// reference), and of the visitor's own text only a first name that reads as a name: no link, no
// digits, no line break (docs/security.md, "What a visitor's text can reach").

/** Letters (any script), with spaces, apostrophes, hyphens and dots between them: a name. */
const NAME = /^\p{L}[\p{L}\p{M}'’. -]{0,39}$/u;
/** Two letters, a dot and two letters with no space between: "evil.com", not "J. K." nor "St. John". */
const DOMAIN_LIKE = /\p{L}{2}\.\p{L}{2}/u;

/** The name to greet with, or null when the text typed as a first name is not one. */
export function greetingName(firstname: string) {
  const name = firstname.trim();
  return NAME.test(name) && !DOMAIN_LIKE.test(name) && !/www/i.test(name) ? name : null;
}

/** The e-mail the applicant receives once the registration is stored. */
export function confirmationMail(d: { firstname: string; reference: string; course: string; courseType: string }) {
  const name = greetingName(d.firstname);
  return {
    subject: `Your registration at Fine Line Academy — ${d.reference}`,
    text: [
      name ? `Dear ${name},` : "Dear applicant,",
      "",
      REGISTRATION_RECEIVED.body,
      "",
      `${REGISTRATION_RECEIVED.reference}: ${d.reference}`,
      `${REGISTRATION_RECEIVED.course}: ${d.course} (${d.courseType})`,
      "",
      `${REGISTRATION_RECEIVED.paymentTitle}:`,
      ...REGISTRATION_PAYMENT.steps.map((step, i) => `${i + 1}. ${step}`),
      "",
      ...REGISTRATION_PAYMENT.bank.map((row) => `${row.label}: ${row.value}`),
      "",
      `How we use and protect your details, how long we keep them and how to ask for a copy or their deletion: ${config().PUBLIC_URL}/privacy`,
      "",
      "Fine Line Academy, Lagos",
    ].join("\n"),
  };
}

/**
 * The e-mail a minor's guardian receives (docs/decisions/033-consent-versions-and-minors.md): the
 * application's reference and a link to confirm. No name of the applicant's typing goes in: the
 * address is the applicant's word, and the mail must not carry a visitor's text to a stranger.
 */
export function guardianMail(d: { reference: string; course: string; link: string }) {
  return {
    subject: `Please confirm your consent — Fine Line Academy application ${d.reference}`,
    text: [
      "Dear parent or guardian,",
      "",
      `An application to Fine Line Academy (reference ${d.reference}, course: ${d.course}) names you as the parent or guardian of an applicant under 18, and says that you consent to the registration and to the academy keeping the applicant's details and documents.`,
      "",
      "If that is right, please confirm it here:",
      d.link,
      "",
      `If you did not consent, do not use the link: reply to this e-mail or contact us quoting ${d.reference}, and we will not go ahead with the application.`,
      "",
      `How we use and protect the applicant's details and yours: ${config().PUBLIC_URL}/privacy`,
      "",
      "Fine Line Academy, Lagos",
    ].join("\n"),
  };
}
