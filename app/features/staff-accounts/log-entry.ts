import { lagosTimeToSecond } from "@domain/csv";
import { securityLogText as t } from "~/content/staff-accounts";

// How the security log shows an entry, on the page and in its CSV alike.

/** When, in Lagos wall-clock time to the second ("2026-11-24 21:44:15"), sortable as text. */
export const logEntryTime = lagosTimeToSecond;

/** What happened, in words. */
export const logEventName = (event: string) => t.events[event] ?? event;
