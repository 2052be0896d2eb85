// The academy's own contact facts: the site shows them (app/content/site.ts) and the API's
// e-mails give them (api/mail/templates.ts), so a visitor hears one number wherever they look.
export const ACADEMY_PHONE = { display: "+234 803 000 0000", href: "tel:+2348030000000" } as const;
export const ACADEMY_HOURS = "Monday to Saturday, 9am to 5pm";
