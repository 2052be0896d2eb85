// The words of the mails staff accounts receive. They live in the API tier, which sends them
// (nothing in api/ imports app/); docs/product.md describes each. Times are Lagos time, as on
// every page (docs/decisions/094-nigerian-dates.md).
import { formatDayAndTime } from "@domain/day-words";

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
  const when = formatDayAndTime(input.changedAt);
  return {
    subject: "Your password was changed",
    text: `Hello ${input.name},\n\nThe password of your staff account was changed on ${when}, through a password reset link. Every device that was signed in has been signed out.\n\nIf it was you, there is nothing more to do.\n\nIf it was not you, someone can read your e-mail or had your reset link: choose a new password at once with "Forgot password?" at ${input.signInPage} and tell the academy's administrator.`,
  };
}

const notYou = (signInPage: string) =>
  `If it was not you, choose a new password at once with "Forgot password?" at ${signInPage} and tell the academy's administrator.`;

/** The one-time link to join the staff (docs/decisions/031-staff-roles.md): valid 72 hours. */
export function invitationMail(input: { name: string; roleName: string; invitedBy: string; link: string }) {
  return {
    subject: "You are invited to the academy's staff",
    text: `Hello ${input.name},\n\n${input.invitedBy} invited you to the academy website's staff, as ${input.roleName}. Open this link within 72 hours to choose your password; it works once:\n\n${input.link}\n\nIf you did not expect this, ignore this e-mail.`,
  };
}

export function twoFactorOnMail(input: { name: string; when: Date; signInPage: string }) {
  return {
    subject: "Two-factor sign-in is on",
    text: `Hello ${input.name},\n\nTwo-factor sign-in was turned on for your staff account on ${formatDayAndTime(input.when)}. From now on you sign in with your password and a code from your authenticator app. Keep your recovery codes somewhere safe.\n\n${notYou(input.signInPage)}`,
  };
}

export function twoFactorOffMail(input: { name: string; when: Date; byAdmin: boolean; signInPage: string }) {
  const how = input.byAdmin ? "by an administrator" : "from your account page";
  return {
    subject: "Two-factor sign-in is off",
    text: `Hello ${input.name},\n\nTwo-factor sign-in was turned off for your staff account on ${formatDayAndTime(input.when)}, ${how}. Your recovery codes no longer work. Turn it on again under Account, Two-factor sign-in.\n\n${notYou(input.signInPage)}`,
  };
}

export function recoveryCodeUsedMail(input: { name: string; when: Date; left: number; signInPage: string }) {
  return {
    subject: "A recovery code was used to sign in",
    text: `Hello ${input.name},\n\nSomeone signed in to your staff account with one of your recovery codes on ${formatDayAndTime(input.when)}. ${input.left} unused recovery code${input.left === 1 ? "" : "s"} remain${input.left === 1 ? "s" : ""}.\n\n${notYou(input.signInPage)}`,
  };
}

export function roleChangedMail(input: { name: string; roleName: string; when: Date }) {
  return {
    subject: "Your staff role changed",
    text: `Hello ${input.name},\n\nYour role on the academy website changed to ${input.roleName} on ${formatDayAndTime(input.when)}. What you can open in the Admin pages changes with it.\n\nIf this is unexpected, ask the academy's administrator.`,
  };
}
