// The consent texts the registration form shows beside the terms and the privacy notice, and the
// guardian's words (docs/decisions/033-consent-versions-and-minors.md). Each is versioned in
// domain/consent.ts: a change of wording here needs a new version there (a unit test checks).
import { ADULT_AGE } from "@domain/consent";

/** The processing notice beside the privacy tick box (version: CONSENT_VERSIONS.notice). */
export const processingNotice = {
  title: "How we use your details",
  paragraphs: [
    "The academy uses the details and documents on this form to review your application, contact you about it, enrol you and run your course. Only academy staff who handle admissions see them.",
    "We keep your ID documents and certificates only for a set time after your application is closed or you enrol, and your record for two years after it last changed; then we delete or anonymise them. The Privacy Policy gives the full schedule and tells you how to see, correct or delete your data, withdraw your consent, or complain.",
  ],
};

/** The guardian section (version of the consent: CONSENT_VERSIONS.guardian). */
export const guardianCopy = {
  title: "Parent or Guardian's Consent",
  /** Shown without JavaScript, when the page cannot tell the applicant's age as it is typed. */
  noteNoScript: `Fill in this section only if the applicant is under ${ADULT_AGE} on the day of registration. A parent or guardian must give their own consent.`,
  noteMinor: `The applicant is under ${ADULT_AGE}: a parent or guardian must give their own consent. We will e-mail them a link to confirm it.`,
  name: "Guardian's Full Name",
  relationship: "Relationship to the Applicant",
  phone: "Guardian's Phone Number",
  email: "Guardian's Email Address",
  consent:
    "I am the applicant's parent or legal guardian. I consent to this registration and to the academy keeping and using the applicant's details and documents, and my own, as the academy's privacy notice describes. I know I can withdraw this consent at any time.",
};
