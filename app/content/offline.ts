// The words of reading offline (docs/product.md §2, "Reading offline").
export const offlineText = {
  /** Shown above a page the browser kept, `{time}` being when it was saved. */
  savedNotice: "You are offline; this page was saved at {time}.",
  pageTitle: "You are offline",
  pageText: "This page was not saved on this device, and there is no connection right now.",
  pageCall: "To reach the academy meanwhile, call",
  pageSaved: "Pages you opened before (and the course list and the registration form) can still be read.",
  coursesLink: "See the course list",
  notSentTitle: "Not sent: you are offline",
  notSentText:
    "Your form was not sent, because this device has no connection. What you typed is still in the form: send it again once you are back online.",
  backLink: "Go back to the form",
};
