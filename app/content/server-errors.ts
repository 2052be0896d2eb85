// Every word of the Admins' page of server errors (docs/product.md, "Server errors").
export const serverErrorsText = {
  tab: "Errors",
  title: "Server errors",
  intro:
    "When the website fails on its side, the visitor sees an error page with a reference; the error is listed here with the same reference. Nothing a visitor typed is kept: only the kind of error, the page and a message with names, addresses and numbers hidden. Admins get an e-mail when a kind of error appears on a page where it did not happen the day before, at most one a day for each.",
  countsTitle: "Errors per day, last two weeks",
  countsEmpty: "No server error in the last two weeks.",
  countsColumns: { day: "Day", kind: "Kind, on page", count: "Errors" },
  lastTitle: "Last errors",
  empty: "No server error recorded in the last month.",
  columns: { at: "When", reference: "Reference", route: "Page", kind: "Kind", message: "Message" },
  noReference: "—",
} as const;
