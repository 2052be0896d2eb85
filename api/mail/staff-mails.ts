// The words of the mails staff accounts receive. They live in the API tier, which sends them
// (nothing in api/ imports app/); docs/product.md describes each.

/** The link to choose a new password, valid for an hour. */
export function passwordResetMail(input: { name: string; link: string }) {
  return {
    subject: "Reset your password",
    text: `Hello ${input.name},\n\nSomeone asked to reset the password of your staff account. Open this link within one hour to choose a new password:\n\n${input.link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.`,
  };
}

/**
 * Sent after every successful reset: the owner hears of a change they did not make. It names
 * no password, link or token; only when, and what to do if it was not them.
 */
export function passwordChangedMail(input: { name: string; changedAt: Date; signInPage: string }) {
  const when = `${input.changedAt.toISOString().slice(0, 16).replace("T", " at ")} UTC`;
  return {
    subject: "Your password was changed",
    text: `Hello ${input.name},\n\nThe password of your staff account was changed on ${when}, through a password reset link. Every device that was signed in has been signed out.\n\nIf it was you, there is nothing more to do.\n\nIf it was not you, someone can read your e-mail or had your reset link: choose a new password at once with "Forgot password?" at ${input.signInPage} and tell the academy's administrator.`,
  };
}
