import { formatDate, relativeTime } from "~/utils/relative-time";

/** "Just now", "N mins ago", "N hours ago" or the en-GB date, with the exact time for machines. */
export function RelativeTime({ date, now }: { date: string; now: number }) {
  return (
    <time dateTime={date} title={formatDate(date)}>
      {relativeTime(date, now)}
    </time>
  );
}
