// The academy's name and place as the certificates, their mails and the signed credential give
// them. Read through this one function so that, once staff keep these facts in the site's
// settings, only this function changes (today they are the words of the e-mails,
// api/mail/templates.ts, and of the site, app/content/site.ts).
export function academyIdentity() {
  return { name: "Fine Line Academy", place: "Lagos, Nigeria" } as const;
}
