// Every word of the staff page of the mail queue (docs/decisions/043-durable-mail-queue.md).
export const mailQueueText = {
  tab: "Mail",
  title: "Mail not sent yet",
  intro:
    "Every e-mail the site sends waits here until the mail server takes it. A mail is tried again later, less and less often, for about two days; then it is given up. A password-reset mail is never sent after its link expired.",
  empty: "Every mail has been sent.",
  columns: { queued: "Queued", to: "To", subject: "Subject", status: "State", tries: "Tries", lastError: "Last error" },
  status: {
    queued: (next: string) => `Waiting; next try ${next}`,
    failed: "Given up",
    expired: "Expired, not sent",
  },
  noError: "None",
  retry: "Send again now",
  retryOf: (subject: string, to: string) => `Send "${subject}" to ${to} again now`,
  retried: "The mail is queued again and goes out in a moment.",
  retryRefused: "This mail cannot be sent again: it was sent meanwhile, has expired or is being sent now.",
  badRequest: "Choose a mail to send again.",
} as const;
