// Words the API answers with that are not in SPEC (limits, refusals of docs/security.md). The web
// tier shows an API's text as-is, so each one tells a person what to do next.
const wait = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes >= 120 ? `${Math.ceil(minutes / 60)} hours` : minutes === 1 ? "a minute" : `${minutes} minutes`;
};

export const apiMessages = {
  tooManyLogins: (s: number) =>
    `Too many failed log-in attempts. Please wait ${wait(s)} before trying again, or reset your password.`,
  tooManyResetRequests: (s: number) => `Too many password reset requests. Please wait ${wait(s)} before asking again.`,
  tooManyResetTries: (s: number) => `Too many attempts with reset links. Please wait ${wait(s)} before trying again.`,
  tooManyMessages: (s: number) =>
    `You have sent several messages in a short time. Please wait ${wait(s)}, then send again.`,
  tooManyRegistrations: (s: number) =>
    `Several registrations were sent from your network in a short time. Please wait ${wait(s)}, then send again.`,
  tooManyUploads: (s: number) =>
    `Too many files were uploaded from your network in a short time. Please wait ${wait(s)}, then upload again.`,
  uploadsFull: "We cannot take more files right now. Please try again in an hour, or contact us.",
  commonPassword: "This password is too common. Choose one that is harder to guess",
  crossSite: "This request came from another site and was refused",
  // docs/decisions/017-revisions-and-audit.md: revisions and the applicant pipeline.
  revisionNotFound: "Revision not found",
  statusInvalid: "must be one of: new, contacted, paid, enrolled, declined",
  noteEmpty: "Write a note",
  noteTooLong: (max: number) => `A note must be at most ${max} characters`,
} as const;
