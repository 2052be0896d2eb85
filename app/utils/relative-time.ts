// docs/product.md §4: under 1 minute "Just now"; under 60 minutes "N mins ago"; under 24 hours
// "N hours ago"; otherwise an en-GB date (short weekday, 2-digit day, long month, year).
// `now` is passed in so the server and the browser render the same text.
import { lagosDateFormat } from "@domain/schedule";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const dateFormat = lagosDateFormat({
  weekday: "short",
  day: "2-digit",
  month: "long",
  year: "numeric",
});

export function formatDate(date: Date | string) {
  return dateFormat.format(typeof date === "string" ? new Date(date) : date);
}

export function relativeTime(date: Date | string, now: Date | number = Date.now()) {
  const then = typeof date === "string" ? new Date(date).getTime() : date.getTime();
  const elapsed = (typeof now === "number" ? now : now.getTime()) - then;
  if (elapsed < MINUTE) return "Just now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} mins ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} hours ago`;
  return formatDate(new Date(then));
}

/**
 * The `now` a page is rendered with, to the minute: the texts above change no faster, and a page
 * whose data is the same for a minute can be rendered once for every visitor (render-cache.server.ts).
 */
export const pageNow = () => Math.floor(Date.now() / MINUTE) * MINUTE;
