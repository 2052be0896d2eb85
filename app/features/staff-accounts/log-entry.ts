import { lagosTimeToSecond } from "@domain/csv";
import { securityLogText as t } from "~/content/staff-accounts";

// How the security log shows an entry, on the page and in its CSV alike.

/** When, in Lagos wall-clock time to the second ("2026-11-24 21:44:15"), sortable as text. */
export const logEntryTime = lagosTimeToSecond;

/** What happened, in words. */
export const logEventName = (event: string) => t.events[event] ?? event;

type Named = {
  actorId: string | null;
  actor: string | null;
  subjectId: string | null;
  subject: string | null;
  subjectKind?: string | null;
};

/** Who did it: the staff member's name, or what a vanished id was; nothing for a visitor. */
export const logEntryWho = (e: Named) => e.actor ?? (e.actorId ? t.formerStaff : "");

/** Whom or what it was about, in words ("applicant FLA-1A2B3C4D"), or the kind of id when nothing names it. */
export const logEntryAbout = (e: Named) =>
  e.subject ?? (e.subjectId ? (t.kinds[e.subjectKind ?? "unknown"] ?? t.kinds.unknown) : "");

/** What the id is and the id itself, for looking it up: "Applicant · id 1a2b…". */
export const logEntryIds = (e: Named) =>
  [
    e.actorId && !e.actor ? `${t.who}: ${t.id} ${e.actorId}` : "",
    e.subjectId ? `${t.kinds[e.subjectKind ?? "unknown"] ?? t.kinds.unknown} · ${t.id} ${e.subjectId}` : "",
  ].filter(Boolean);
