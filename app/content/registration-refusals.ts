// The registration's refusals the server alone says, with the way on: kept apart from the form's
// own words so that the form's script does not carry them (docs/decisions/087).

/**
 * The same e-mail and date of birth already applied for this course
 * (docs/decisions/100-one-live-application-per-course.md): the same words whoever typed them; the
 * day, reference and link go by mail to the address that application gave.
 */
export const alreadyAppliedCopy = {
  message:
    "You have already applied for this course with this e-mail address and date of birth, so no second application was made. We have e-mailed the link to your application's status page to that address.",
  link: { href: "/application", text: "No e-mail? Ask for the link to your status page" },
} as const;
