import type { SiteSettings } from "@domain/settings";

import { signature } from "./templates";

// The job alerts' mails (docs/product.md §2, Blog). They go to an address anyone could type, so
// they carry only the academy's words and its published jobs' titles and employers, never text a
// visitor typed.

/** The double opt-in: nothing is sent weekly until this link's button is pressed. */
export function jobAlertConfirmMail(d: { confirmUrl: string; days: number; unsubscribeUrl: string }, s: SiteSettings) {
  return {
    subject: `Confirm your job alerts from ${s.contact.academyName}`,
    text: [
      "Hello,",
      "",
      `Someone (we hope you) asked for a weekly e-mail of new job postings at ${s.contact.academyName} for this address.`,
      `To start them, open this link and press the button within ${d.days} days:`,
      d.confirmUrl,
      "",
      "If this was not you, ignore this e-mail: without the button, you will receive nothing more from us.",
      "Once they have started, every alert carries a link to stop them; this one works too:",
      d.unsubscribeUrl,
      ...signature(s),
    ].join("\n"),
  };
}

/** The week's new jobs, with the way out in the mail and in its List-Unsubscribe header. */
export function jobAlertWeeklyMail(
  d: {
    jobs: { title: string; company: string; place: string; url: string }[];
    more: number;
    listUrl: string;
    unsubscribeUrl: string;
  },
  s: SiteSettings,
) {
  return {
    subject: `New jobs this week at ${s.contact.academyName} (${d.jobs.length + d.more})`,
    text: [
      "Hello,",
      "",
      "These jobs were posted on the academy's site this week:",
      "",
      ...d.jobs.flatMap((job) => [`${job.title} — ${job.company} (${job.place})`, job.url, ""]),
      ...(d.more ? [`And ${d.more} more: ${d.listUrl}`, ""] : []),
      "To stop these e-mails, open this link and press the button (or use your mail app's unsubscribe):",
      d.unsubscribeUrl,
      ...signature(s),
    ].join("\n"),
  };
}
