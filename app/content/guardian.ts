// The words of the guardian's step (docs/decisions/065-the-guardians-step-both-ways.md): the page a
// guardian's e-mailed link opens (app/routes/guardian.confirm.tsx) and the step as the applicant
// sees it on the thank-you screen and the status page. Apart from the registration form's consent
// texts (consent.ts): the form's code, fetched on its first touch, carries only what the form shows
// (docs/decisions/050-the-form-code-comes-on-first-touch.md).

/** The page a guardian's e-mailed link opens. */
export const guardianConfirmCopy = {
  metaTitle: "Confirm your consent",
  heading: "Confirm your consent",
  intro: (d: { academy: string; reference: string; course: string; child: string | null }) =>
    `An application to ${d.academy} (reference ${d.reference}) ${d.child ? `by ${d.child}, ` : ""}for the course ${d.course}, names you as the parent or guardian of an applicant under 18. Confirm that you consent to it and to the academy keeping the applicant's details and documents as the Privacy Policy describes.`,
  already: (reference: string) => `Your consent to application ${reference} is already recorded. Thank you.`,
  button: "I confirm my consent",
  done: (reference: string) => `Thank you. Your consent to application ${reference} is recorded.`,
  notYou: "If you did not consent, press “I do not consent”, and we will not go ahead.",
  refuseButton: "I do not consent",
  refuseAskTitle: "You do not consent to this application?",
  refuseAskBody:
    "We will record that you do not consent, tell our admissions team, and the applicant's page will say so. Our team may contact you to talk it over.",
  refuseConfirm: "Yes, I do not consent",
  refuseCancel: "No, go back",
  refused: (reference: string, when: string) =>
    `You told us on ${when} that you do not consent to application ${reference}. Our admissions team has been told and will not go ahead without talking to you. If you change your mind, please contact the academy.`,
  invalid: "This confirmation link is not valid. Ask the academy for a new one.",
  privacy: "Privacy Policy",
};

/** The guardian's step of a minor's application, as the applicant sees it (docs/decisions/065). */
export const guardianStepCopy = {
  title: "Your parent or guardian's consent",
  awaited: (to: string) =>
    `Because you are under 18, we need your parent or guardian's consent. We are waiting for it: we e-mailed them a link to give it${to ? ` at ${to}` : ""}.`,
  sentAt: (when: string) => `Last sent: ${when}.`,
  notSent: (to: string) =>
    `Because you are under 18, we need your parent or guardian's consent. We could not e-mail them yet${to ? ` at ${to}` : ""}: send the link below.`,
  askThem: "Ask them to open the e-mail (and to check their spam folder) and press “I confirm my consent”.",
  resend: "Send the e-mail again",
  correctTitle: "Wrong address?",
  correctLabel: "Your parent or guardian's e-mail address",
  correctHint: "We send the link there instead; the link sent before stops working.",
  correctSubmit: "Correct and send",
  sent: "Sent: we have e-mailed your parent or guardian a new link.",
  emailRequired: "Enter your parent or guardian's e-mail address",
  emailInvalid: "Enter a valid e-mail address for your parent or guardian",
  confirmed: (when: string) => `Your parent or guardian gave their consent on ${when}. Thank you.`,
  refused: (when: string) =>
    `Your parent or guardian told us on ${when} that they do not consent to this application. Our admissions team will contact them; you can reach us too, quoting your reference.`,
};
