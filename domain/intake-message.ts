import { APPLICANT_STATUSES, STATUS_WORDS } from "./pipeline";

// Message an intake (docs/decisions/080-message-an-intake.md): who a message reaches and how long
// it may be, which the staff form offers and the API enforces alike.

/**
 * Who receives the message: those who hold a seat ("seated", the form's first choice: a class's
 * news is for its class), everyone of the intake but the withdrawn ("all"), one stored status, or
 * the waiting list (open applications waiting for a seat, docs/decisions/068). One person who
 * applied twice (one address) gets one mail.
 */
export const MESSAGE_AUDIENCES = ["seated", "all", "waiting", ...APPLICANT_STATUSES] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

export const AUDIENCE_WORDS: Record<MessageAudience, string> = {
  seated: "Everyone with a seat (offered, accepted or enrolled)",
  all: "Everyone in the intake, with or without a seat (not the withdrawn)",
  ...STATUS_WORDS,
};

export const INTAKE_MESSAGE_LIMITS = {
  /** One line: a subject is a mail header. */
  subject: 150,
  /** Plain text, a few paragraphs: a message, not a newsletter. */
  body: 5000,
} as const;
