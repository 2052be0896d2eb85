// The job alerts' words (docs/product.md §2, Blog): the jobs list's invitation, the page that
// takes an address, the confirmation and unsubscribe pages.
export const jobAlertText = {
  title: "Job alerts",
  metaDescription: "One e-mail a week with the new jobs posted on the academy's site.",
  teaserHeading: "Get new jobs by e-mail",
  teaser: "One e-mail a week with the jobs posted that week. Leave any time with one click.",
  email: "Your e-mail",
  subscribe: "Send me job alerts",
  subscribing: "Sending...",
  loading: "Loading…",
  intro:
    "Leave your e-mail and we will send you one e-mail a week listing the jobs posted on this site that week. We first send a link to confirm the address: nothing more comes until you press its button.",
  privacy: "We keep only your e-mail address, and only while you want the alerts.",
  checkMail: (email: string) =>
    `Check your e-mail: if ${email} is not on our list yet, a link to confirm it is on its way. Press its button within 7 days to start your weekly alerts.`,
  confirmHeading: "Confirm your job alerts",
  confirmIntro: "Press the button to start one e-mail a week with the new jobs.",
  confirmButton: "Start my job alerts",
  confirmed: "Your job alerts are on. The first e-mail comes with next week's new jobs.",
  unsubscribeHeading: "Stop job alerts",
  unsubscribeIntro: "Press the button and we will forget your address: no more job alerts.",
  unsubscribeButton: "Stop my job alerts",
  unsubscribed: "You will receive no more job alerts. Your address is deleted.",
  invalid: "This link is not valid or has expired. Ask for job alerts again on the jobs page.",
  backToJobs: "See the jobs",
} as const;
