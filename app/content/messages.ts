// Messages shared by several screens. docs/product.md §8's are word for word.
export const messages = {
  networkError: "Something went wrong. It might be network-related",
  homeListsFailed: "Couldn't fetch posts/courses from server",
  noCourses: "No Courses Found",
  noPosts: "No Posts Found",
  noMore: "No more Posts!!!",
  /** Above a list page reached by Load More without JavaScript (it shows that page alone). */
  backToNewest: "Back to the newest",
  /** A one-line field holding a line break or a control character (domain/text.ts). */
  notOneLine: "Kindly keep this on one line, without line breaks or special characters",
  /** An e-mail address that is there but cannot be one; the empty field keeps SPEC's words. */
  emailMalformed: "This email address is not complete: it should look like name@example.com",
  formUnreadable: "We could not read the form you sent. Please go back, check what you typed and send it again.",
  errorPage: {
    notFoundTitle: "Page not found",
    notFoundText: "We could not find what you were looking for.",
    failedTitle: "Something went wrong",
    home: "Go to Home Page",
    reference: "If you contact us about this, please quote this reference:",
  },
} as const;
