// The seeded privacy notice and terms (docs/decisions/071-legal-texts-edited-and-versioned.md): what
// /privacy and /terms show until an Admin saves their own. Server only, so no page's script carries
// them. Their fingerprints are the current seeded versions' in domain/consent.ts
// (tests/unit/consent-versions.test.ts): changing a word here without adding a version fails.
// The terms are SPEC's, effective 6/1/2025. Privacy notice version 1 was SPEC's policy, effective
// 6/1/2025; version 2 was the first plain-words notice, version 3 added forms saved to finish later
// to how long we keep things, and version 4 (below) says what the server counts of visits
// (docs/decisions/064-cookie-free-visit-counts.md), what job alerts keep (docs/decisions/066-job-alerts.md)
// and how long certificates are kept (decision 058).
import { ADULT_AGE } from "./consent";
import { JOURNEY_LIMITS } from "./journey";
import { type LegalDocName, type LegalWords, seededLegalVersions, type StoredLegal } from "./legal-texts";
import { PRIVACY_REQUEST_DAYS, RETENTION_DEFAULTS } from "./retention";

const years = (days: number) => (days % 365 === 0 ? `${days / 365} year${days === 365 ? "" : "s"}` : `${days} days`);
const r = RETENTION_DEFAULTS;

/**
 * Who the controller is and how to reach its data protection contact: placeholders each page fills
 * from the academy's settings, or with words saying they are not set yet (domain/legal-texts.ts
 * fillLegal; docs/decisions/096-one-academy-name.md). No academy's name or address is seeded.
 */
const dataProtectionContact = {
  controller: "{academy}, {address}",
  email: "{privacyEmail}",
};

const privacy: LegalWords = {
  intro:
    "This notice explains, in plain words, what personal information {academy} collects through this website, why, who else sees it, how long we keep it, and what you can ask us to do with it. It follows the Nigeria Data Protection Act 2023.",
  sections: [
    {
      heading: "Who we are",
      paragraphs: [
        `${dataProtectionContact.controller}, decides how your information is used (we are the "data controller").`,
        `For anything about your personal information, write to our data protection contact at ${dataProtectionContact.email}, or use the contact details at the end of this page.`,
      ],
    },
    {
      heading: "What we collect",
      paragraphs: [
        "Contact messages: your name, e-mail address, phone number, the subject and your message.",
        "Registrations: your personal details, date of birth, contact details, address, course choice, ID documents, education and certificate, emergency contact, and which versions of our terms and notices you accepted and when.",
        `Applicants under ${ADULT_AGE}: the name, relationship, phone number and e-mail address of a parent or guardian, their consent, and when they confirmed it.`,
        "Job alerts: the e-mail address you give us for the weekly list of new jobs, and when you confirmed it.",
        "Graduates: the day you completed your course, any grade or distinction, and the certificate we issue you (the name printed on it, the course, the date, its number and who issued it).",
        "Technical records: our servers note your IP address and browser for a short time to keep the site secure (for example to stop repeated failed attempts).",
      ],
    },
    {
      heading: "Why we use it, and on what legal basis",
      paragraphs: [
        "To review your application, contact you about it, enrol you and run your course: because you asked us to (steps before and under a contract with you), and with your consent for your ID documents.",
        `For an applicant under ${ADULT_AGE}: the consent of a parent or guardian, which we ask them to confirm by e-mail.`,
        "To answer your contact messages: our legitimate interest in replying to people who write to us.",
        "To issue certificates and keep the records awarding bodies and the law require: legal obligation.",
        "To keep the website and your information secure: our legitimate interest, and our duty to protect your data.",
        "We never sell your information, and we do not use it for advertising.",
      ],
    },
    {
      heading: "Who else receives it",
      paragraphs: [
        "Only academy staff who handle admissions can see registrations and ID documents; they are never published on the website.",
        "Our e-mail provider carries the e-mails we send you; our hosting provider stores the website and its database for us. Both act only on our instructions.",
        "We share information with an awarding body only to register you for a certificate, and with authorities only when the law requires it.",
      ],
    },
    {
      heading: "How long we keep it",
      paragraphs: [
        `ID documents and certificates: deleted ${r.filesAfterClosedDays} days after an application is declined or withdrawn, and ${years(r.filesAfterEnrolledDays)} after you enrol.`,
        `Applicant records: anonymised ${years(r.applicantAfterDays)} after their last change (we keep only the course, status and date, for statistics).`,
        `Contact messages: deleted ${years(r.messagesAfterDays)} after they arrive.`,
        `A registration form saved to finish later, with its files: deleted ${JOURNEY_LIMITS.savedFormDays} days after it was saved, or as soon as it is sent.`,
        "Files uploaded with a registration form that was never sent: deleted within hours.",
        "Job alerts: your address is deleted as soon as you unsubscribe (one click in any alert), or 7 days after you asked if you never confirmed it.",
        "Certificates, with the record of your completion: kept for as long as the certificate may be checked, with no end date, so that an employer can always confirm it is genuine (this stays when your applicant record is anonymised). Anyone who has the certificate's number, which is printed on it with a QR code, can see on our check page the name, course and date on it, and nothing else. You can ask us to delete it: its number then checks as unknown.",
        "This happens automatically every day.",
      ],
    },
    {
      heading: "Your rights",
      paragraphs: [
        "You can ask to see a copy of the information we hold about you, to correct it, to delete it, or to object to how we use it. Where we rely on your consent (or, for a child, the guardian's), you can withdraw it at any time; this does not undo what was lawfully done before.",
        `To ask, e-mail ${dataProtectionContact.email} or contact us below, saying which e-mail address or phone number you used. We answer within ${PRIVACY_REQUEST_DAYS} days, free of charge, and may ask you to confirm who you are.`,
      ],
    },
    {
      heading: "Complaints",
      paragraphs: [
        "If you are unhappy with how we handle your information, tell us first and we will try to put it right. You can also complain to the Nigeria Data Protection Commission (NDPC), the regulator, at any time: see ndpc.gov.ng.",
      ],
    },
    {
      heading: "Counting visits",
      paragraphs: [
        "To know which pages and courses people read, the website's own server counts page views each day. It keeps only totals per day: how many times each page was viewed, the website a visitor came from (for example instagram.com), the campaign label in a link (such as a flyer's QR code), whether the device was a phone, tablet or computer, and the words searched on the courses and blog pages.",
        "Nothing that identifies you is kept: no cookie is set for this, no script from another company runs, and your IP address and browser details are not stored. Staff visits and search engines' robots are not counted. The daily totals are deleted after 2 years.",
      ],
    },
    {
      heading: "Cookies",
      paragraphs: [
        "We use only the cookies the site needs to work: one keeps staff signed in, and short-lived ones show you a confirmation after you send a form. We do not use advertising or tracking cookies.",
        "Videos on the site load from YouTube's privacy-enhanced mode only when you choose to play them.",
      ],
    },
    {
      heading: "Changes to this notice",
      paragraphs: [
        "When we change this notice we give it a new version number and date. Each registration records which version was accepted.",
      ],
    },
  ],
};

const terms: LegalWords = {
  intro:
    "These terms apply to your use of this website and to registration for courses at {academy}. By using the site or registering for a course you agree to them.",
  sections: [
    {
      heading: "Registration and fees",
      paragraphs: [
        "A registration form fee of ₦20,000 applies before course payment. It is paid by bank transfer after you submit the registration form, quoting the reference you are given, and is not refundable.",
        "A place on a course is confirmed only when the academy has received your registration and your course payment as agreed with the admissions office.",
      ],
    },
    {
      heading: "Courses and schedules",
      paragraphs: [
        "Crash courses run for 3 months; full courses run for 1 to 3 years in 3 sessions a year. We may change timetables, tutors or venues where necessary and will tell enrolled students in good time.",
        "NVQ certification depends on meeting the assessment requirements of the awarding body.",
      ],
    },
    {
      heading: "Conduct",
      paragraphs: [
        "Students must follow the academy's health, safety and hygiene rules in the salon, studio and classrooms, and treat clients, staff and fellow students with respect.",
      ],
    },
    {
      heading: "Job postings",
      paragraphs: [
        "Job postings on our blog are published on behalf of employers. The academy does not guarantee any job and is not party to any employment that results. Always check an employer before sharing personal details.",
      ],
    },
    {
      heading: "Use of the website",
      paragraphs: [
        "The content of this website belongs to {academy} unless stated otherwise. You may view and share it for personal, non-commercial use. You must not misuse the site, attempt to break its security or submit false information.",
        "The information on this site is general information only and may change without notice. Your use of it is at your own risk.",
      ],
    },
    {
      heading: "Governing law",
      paragraphs: [
        "These terms are governed by the laws of the Federal Republic of Nigeria and the courts of Lagos State.",
      ],
    },
  ],
};

export const DEFAULT_LEGAL_TEXTS: Record<LegalDocName, StoredLegal> = {
  privacy: { ...privacy, versions: seededLegalVersions("privacy") },
  terms: { ...terms, versions: seededLegalVersions("terms") },
};
