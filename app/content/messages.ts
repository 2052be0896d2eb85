// Messages shared by several screens. SPEC §8's are word for word.
export const messages = {
  networkError: "Something went wrong. It might be network-related",
  homeListsFailed: "Couldn't fetch posts/courses from server",
  noCourses: "No Courses Found",
  noPosts: "No Posts Found",
  noMore: "No more Posts!!!",
  errorPage: {
    notFoundTitle: "Page not found",
    notFoundText: "We could not find what you were looking for.",
    failedTitle: "Something went wrong",
    home: "Go to Home Page",
  },
} as const;
