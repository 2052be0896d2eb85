import type { SiteSettings } from "@domain/settings";

import { greetingName, guardianGreeting, questions, signature } from "./templates";

// The admission decisions' mails (docs/decisions/074-one-status-model-and-when-a-seat-is-taken.md):
// offer, waiting list with its position, not admitted, the lapse warning, an offer accepted and enrolled. Each goes
// to the applicant with Reply-To the academy, and a copy to a minor's guardian with the guardian's
// own read-only link. Of the visitor's typing only a first name that reads as a name goes in.

export type DecisionKind = "offer" | "waiting" | "declined" | "warning" | "accepted" | "enrolled";

export type DecisionFacts = {
  firstname: string;
  reference: string;
  course: string;
  /** The intake in words ("starts 5 January 2027 · Saturdays 9am–3pm · Ikeja campus"), or "". */
  intake: string;
  /** The offer's deadline in words (Lagos time). */
  deadline: string;
  /** The place on the waiting list. */
  position: number | null;
  /** What is still owed (owedWords, docs/decisions/093), for the accepted and enrolled mails; "" otherwise. */
  owed: string;
  url: string;
};

const SUBJECTS: Record<DecisionKind, (reference: string) => string> = {
  offer: (r) => `A seat is offered to you — ${r}`,
  waiting: (r) => `You are on the waiting list — ${r}`,
  declined: (r) => `About your application — ${r}`,
  warning: (r) => `Your offer ends in two days — ${r}`,
  accepted: (r) => `Your seat is confirmed — ${r}`,
  enrolled: (r) => `You are enrolled — ${r}`,
};

function body(kind: DecisionKind, d: DecisionFacts, academy: string): string[] {
  const course = d.intake ? `${d.course} (${d.intake})` : d.course;
  switch (kind) {
    case "offer":
      return [
        `${academy} offers you a seat in ${course}.`,
        "",
        `Accept it on your status page by ${d.deadline}. If you cannot take it, decline it there so that the next person on the waiting list can have it. An offer not accepted by then lapses and the seat goes to the next in line.`,
        "",
        "Your offer letter is attached.",
      ];
    case "waiting":
      return [
        `The intake you chose for ${course} is full, so your application is on its waiting list, at position ${d.position ?? 1}.`,
        "",
        "When a seat is freed it is offered to the first on the list, by e-mail, with a deadline to accept it.",
      ];
    case "declined":
      return [
        `We are sorry: we could not offer you a place in ${course} this time.`,
        "",
        "You are welcome to apply again for a later start.",
      ];
    case "warning":
      return [
        `Your offer of a seat in ${course} ends on ${d.deadline}.`,
        "",
        "Accept it on your status page before then, or decline it so that the next person can have the seat.",
      ];
    case "accepted":
      return [
        `You accepted your seat in ${course}: it is held for you.`,
        "",
        // What is owed and when, so the seat is not lost to an unpaid fee (docs/decisions/093).
        ...(d.owed ? [d.owed, ""] : []),
        "Our admissions team will tell you what comes next before the first day.",
      ];
    case "enrolled":
      return [
        `Congratulations: you are enrolled in ${course}.`,
        "",
        // Enrolled is not paid up: the mail says what is still owed and when (docs/decisions/093).
        ...(d.owed ? [d.owed, ""] : []),
        "Our admissions team will tell you what to bring on the first day.",
      ];
  }
}

/** The applicant's mail of a decision. */
export function decisionMail(kind: DecisionKind, d: DecisionFacts, s: SiteSettings) {
  const name = greetingName(d.firstname);
  return {
    subject: SUBJECTS[kind](d.reference),
    text: [
      name ? `Dear ${name},` : "Dear applicant,",
      "",
      ...body(kind, d, s.contact.academyName),
      "",
      "Your private status page:",
      d.url,
      "",
      questions(s),
      ...signature(s),
    ].join("\n"),
  };
}

/**
 * The guardian's copy: the same decision, naming the child and the course, with the guardian's
 * own read-only link (`d.url`), which shows the page and takes no form.
 */
export function guardianDecisionCopy(
  kind: DecisionKind,
  d: DecisionFacts & { guardian: string | null },
  s: SiteSettings,
) {
  const child = greetingName(d.firstname);
  const whose = child ? `${child}'s application` : "the application";
  return {
    subject: `Copy for the guardian: ${SUBJECTS[kind](d.reference)}`,
    text: [
      guardianGreeting(d.guardian),
      "",
      `You are receiving a copy of this message about ${whose} to ${s.contact.academyName} (reference ${d.reference}, course: ${d.course}), as the applicant's parent or guardian.`,
      "",
      "---",
      ...body(kind, d, s.contact.academyName),
      "---",
      "",
      "Follow the application on your own page (it shows the status; only the applicant can answer from theirs):",
      d.url,
      "",
      questions(s),
      ...signature(s),
    ].join("\n"),
  };
}
