// The words of a job: its page, its card in the blog's list, and the jobs list's filters
// (docs/product.md §2, §3). Apart from the other pages' words, so the home page and the course
// list, which show no job, carry none of them.

export const jobText = {
  type: "Type",
  location: "Location",
  salary: "Salary",
  address: "Address",
  deadline: "Deadline",
  closed: "Applications closed",
  open: "Accepting applications",
  apply: "Apply",
  applyByEmail: "Apply by e-mail to",
  applyOnline: "Apply online at",
  whatToSend: "What to send:",
  more: "More job opportunities",
  /** A pay range, on the job's page and its card. */
  perMonth: (range: string) => `${range} a month`,
  from: (amount: string) => `From ${amount} a month`,
  upTo: (amount: string) => `Up to ${amount} a month`,
  /** The jobs list's filters (GET, docs/product.md §2, Blog). */
  anyType: "Any job type",
  anyLocation: "Any location",
  filterType: "Job type",
  filterLocation: "Job location",
  company: "Company",
  pay: "Pay",
} as const;
