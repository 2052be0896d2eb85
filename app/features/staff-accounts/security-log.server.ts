import type { CsvExport } from "@domain/staff-exports";
import { securityLogText as t } from "~/content/staff-accounts";
import {
  logEntryAbout,
  logEntryIds,
  logEntryTime,
  logEntryWho,
  logEventName,
} from "~/features/staff-accounts/log-entry";
import { securityLogFilterSchema } from "~/features/staff-accounts/schema";
import type { SecurityLogEntry } from "~/upstream/schemas";

/** The log's filters from the page's query (a GET form); anything unreadable is dropped, not an error page. */
export function securityLogFilters(url: URL) {
  const raw = Object.fromEntries(
    ["person", "event", "from", "to", "after"].map((k) => [k, url.searchParams.get(k) ?? ""]),
  );
  const parsed = securityLogFilterSchema.safeParse(raw);
  const value = parsed.success ? parsed.data : {};
  const clean = (v: string | undefined) => (v ? v : undefined);
  return {
    person: clean(value.person),
    event: clean(value.event),
    from: clean(value.from),
    to: clean(value.to),
    after: clean(value.after),
  };
}

/** The log as a spreadsheet: every column the page shows, as the page shows it. */
export const securityLogExport: CsvExport<SecurityLogEntry & { createdAt: string }> = {
  header: [t.when, t.what, t.who, t.about, t.ids, t.detail, t.address, t.browser],
  cells: (e) => [
    logEntryTime(e.at),
    logEventName(e.event),
    logEntryWho(e),
    logEntryAbout(e),
    logEntryIds(e).join("; "),
    e.reason ?? "",
    e.ip ?? "",
    e.userAgent ?? "",
  ],
};
