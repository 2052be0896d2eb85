// What a visitor sees when the site's defences refuse a request (docs/security.md, "Web tier").
export const securityText = {
  bodyTooLarge: "This form is too large to send. Shorten it or attach smaller files, then try again.",
  crossSite: "This form was sent from another website, so it was not accepted.",
  unknownField:
    "This form had a field this page does not have, so it was not accepted. Please reload the page and send it again.",
  unsupportedBody: "This form could not be read. Please send it again.",
  /** The anti-spam token could not be read (the page is old, or the site restarted): nothing was sent. */
  resend:
    "Your form could not be sent: this page was open too long or the site was restarted. Please check your details and send again.",
  rateLimited: (seconds: number) =>
    `Too many attempts. Please wait ${seconds < 90 ? `${Math.max(1, seconds)} seconds` : `${Math.ceil(seconds / 60)} minutes`} and try again.`,
} as const;
