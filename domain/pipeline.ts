// The applicant pipeline (docs/product.md §4): the statuses, in the order an applicant moves
// through them, and the longest staff note. The API enforces them; the staff pages offer them.
// "withdrawn": the applicant withdrew on their status page (or told staff so); the retention
// rule reads it like "declined" (docs/product.md §4).
// "offered" and "accepted" (docs/decisions/074-one-status-model-and-when-a-seat-is-taken.md): staff
// offered a seat with an acceptance deadline, and the applicant accepted it. The stored values stay
// where a rename would cost a migration of every row: "new" reads Received, "declined" Not admitted.
export const APPLICANT_STATUSES = [
  "new",
  "contacted",
  "offered",
  "accepted",
  "paid",
  "enrolled",
  "declined",
  "withdrawn",
] as const;
export type ApplicantStatusValue = (typeof APPLICANT_STATUSES)[number];

/**
 * The moves an application makes by itself or by the applicant's hand, beside the statuses they move
 * between (docs/decisions/089-one-place-moves-an-applicant.md): for each status, the statuses it may
 * be reached from. An offer is made to an open application with no decision (received, contacted,
 * paid); only an offer is accepted; the registration fee moves an open application to Paid once;
 * an application is withdrawn (by the applicant, a declined or lapsed offer) from any open status.
 * Received, Contacted, Enrolled and Not admitted are reached by staff's hand only. Staff setting a
 * status by hand on the applicant's page may move it from anywhere: a correction, logged.
 */
export const STATUS_MOVES: Record<ApplicantStatusValue, readonly ApplicantStatusValue[]> = {
  new: [],
  contacted: [],
  offered: ["new", "contacted", "paid"],
  accepted: ["offered"],
  paid: ["new", "contacted", "offered", "accepted"],
  enrolled: [],
  declined: [],
  withdrawn: ["new", "contacted", "offered", "accepted", "paid", "enrolled"],
};

/** Who moves an application: a staff member (by id), the applicant on their status page, or the site itself. */
export type Mover = { staff: string } | "applicant" | "system";

/** The statuses `by` may move an application to `to` from: every one for staff, else the table's. */
export function movableFrom(to: ApplicantStatusValue, by: Mover): readonly ApplicantStatusValue[] {
  return typeof by === "object" ? APPLICANT_STATUSES : STATUS_MOVES[to];
}

/** A seat of the intake is held in these statuses (taken on the way in, docs/decisions/074). */
export const SEAT_HOLDING: readonly ApplicantStatusValue[] = ["offered", "accepted", "enrolled"];
/** An application ended: its seat and its place on the waiting list are given back. */
export const ENDED: readonly ApplicantStatusValue[] = ["declined", "withdrawn"];

/**
 * The one set of status words staff and the applicant both read (docs/product.md §4). "Waiting
 * list" is not stored: it is an open application (received or contacted) with a place on its
 * intake's waiting list, so `statusWord` needs to know that too.
 */
export const STATUS_WORDS: Record<ApplicantStatusValue | "waiting", string> = {
  new: "Received",
  contacted: "Contacted",
  waiting: "Waiting list",
  offered: "Offered",
  accepted: "Accepted",
  paid: "Paid",
  enrolled: "Enrolled",
  declined: "Not admitted",
  withdrawn: "Withdrawn",
};
export function statusWord(status: ApplicantStatusValue, waiting = false) {
  return waiting && (status === "new" || status === "contacted") ? STATUS_WORDS.waiting : STATUS_WORDS[status];
}

/** Days an offer made automatically to the first on a waiting list stays open (staff choose their own). */
export const OFFER_DAYS = 7;
/** The lapse warning goes this many days before an offer's deadline, once. */
export const OFFER_WARNING_DAYS = 2;
/** The latest acceptance deadline staff may set, in days from today. */
export const OFFER_MAX_DAYS = 60;

/**
 * Where an offer stands, the one rule every page and the API read
 * (docs/decisions/088-the-desk-lists-and-offers-answered-as-expected.md): "open" while the status is
 * Offered and its deadline is ahead; "lapsed" from the moment the deadline passes, even before the
 * sweep (every ten minutes) withdraws it and frees its seat; null when there is no offer to answer.
 * The API's conditional updates say the same in SQL (`offer_expires_at > now`).
 */
export function offerState(status: string, expiresAt: string | null | undefined, now = Date.now()) {
  if (status !== "offered" || !expiresAt) return null;
  return Date.parse(expiresAt) > now ? ("open" as const) : ("lapsed" as const);
}
/** What staff and the applicant read for an offer past its deadline, beside the status word. */
export const OFFER_LAPSED_WORD = "Offer lapsed";

const daysAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The acceptance deadlines staff may give an offer, as Lagos days (YYYY-MM-DD) counted from
 * `today` (docs/decisions/074-one-status-model-and-when-a-seat-is-taken.md): from today to
 * OFFER_MAX_DAYS on; the staff form suggests OFFER_DAYS on, as the waiting list's offers get.
 */
export function offerDeadlines(today: string) {
  return { first: today, last: daysAfter(today, OFFER_MAX_DAYS), suggested: daysAfter(today, OFFER_DAYS) };
}
export const NOTE_MAX_LENGTH = 2000;
/** Where an applicant's proof of payment stands (docs/product.md §4); null: none sent yet. */
export const PAYMENT_PROOF_STATES = ["waiting", "confirmed", "rejected"] as const;
export type PaymentProofState = (typeof PAYMENT_PROOF_STATES)[number];
/** The longest reason staff give when they reject a proof of payment (the applicant reads it). */
export const PROOF_REASON_MAX_LENGTH = 500;
