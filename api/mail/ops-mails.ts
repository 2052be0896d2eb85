// The words of the mails the site sends its Admins about itself (docs/product.md, "Server errors").

/** A kind of server error not seen the day before: once a day per kind at most. */
export function newServerErrorKindMail(input: {
  kind: string;
  route: string;
  at: string;
  requestId: string | null;
  message: string;
  page: string;
}) {
  return {
    subject: `New server error on the website: ${input.kind}`,
    text:
      `A kind of error the website had not met the day before happened on ${input.at.slice(0, 16).replace("T", " at ")} UTC.\n\n` +
      `Kind: ${input.kind}\nPage: ${input.route}\nReference: ${input.requestId ?? "none"}\nMessage: ${input.message}\n\n` +
      `Every server error, counted per day, is at ${input.page}. A visitor who quotes the reference shown on their error page ` +
      `points at this one. You get at most one e-mail a day for each kind of error; if it keeps happening, tell whoever looks after the site's server.`,
  };
}
