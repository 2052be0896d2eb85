// The words of the page a guardian's e-mailed link opens (app/routes/guardian.confirm.tsx,
// docs/decisions/065-the-guardians-step-both-ways.md). Apart from the registration form's consent
// texts (consent.ts): the form's code, fetched on its first touch, carries only what the form shows
// (docs/decisions/050-the-form-code-comes-on-first-touch.md).

/** The page a guardian's e-mailed link opens. */
export const guardianConfirmCopy = {
  metaTitle: "Confirm your consent | Fine Line Academy",
  heading: "Confirm your consent",
  intro: (d: { reference: string; course: string; child: string | null }) =>
    `An application to Fine Line Academy (reference ${d.reference}) ${d.child ? `by ${d.child}, ` : ""}for the course ${d.course}, names you as the parent or guardian of an applicant under 18. Confirm that you consent to it and to the academy keeping the applicant's details and documents as the Privacy Policy describes.`,
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
