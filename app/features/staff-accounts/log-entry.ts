import { lagosDateFormat } from "@domain/schedule";
import { securityLogText as t } from "~/content/staff-accounts";

// How the security log shows an entry, on the page and in its CSV alike.

const logTime = lagosDateFormat({
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** When, in Lagos wall-clock time to the second ("2026-11-24 21:44:15"), sortable as text. */
export function logEntryTime(iso: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const p = Object.fromEntries(logTime.formatToParts(date).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** What happened, in words. */
export const logEventName = (event: string) => t.events[event] ?? event;
