import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { securityLogText as t } from "~/content/staff-accounts";
import { requireStaffRoute } from "~/features/auth/auth.server";
import {
  logEntryAbout,
  logEntryIds,
  logEntryTime,
  logEntryWho,
  logEventName,
} from "~/features/staff-accounts/log-entry";
import { securityLogFilters } from "~/features/staff-accounts/security-log.server";
import { AdminTable } from "~/features/staff-frame/frame";
import { titled } from "~/utils/seo";

// The security log for Admins (docs/security.md, "Security log"): newest first, filtered by
// person, event and day with a GET form (JavaScript off too), older entries by key, CSV export.
export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.title) },
  { name: "robots", content: "noindex" },
];

const PAGE = 50;

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaffRoute(request, "admin.security-log");
  const filters = securityLogFilters(new URL(request.url));
  const [log, staff] = await Promise.all([api.securityLog.list({ ...filters, limit: PAGE + 1 }), api.staff.list()]);
  const entries = log.entries.slice(0, PAGE);
  const last = entries.at(-1);
  return json(
    {
      entries,
      events: log.events,
      people: staff.members.map((m) => ({ id: m.id, label: `${m.name} <${m.email}>` })),
      filters,
      older: log.entries.length > PAGE && last ? `${last.at}_${last._id}` : null,
    },
    { headers: api.headers },
  );
}

export default function SecurityLogPage() {
  const { entries, events, people, filters, older } = useLoaderData<typeof loader>();
  const kept = Object.fromEntries(
    Object.entries({ person: filters.person, event: filters.event, from: filters.from, to: filters.to }).filter(
      (e): e is [string, string] => !!e[1],
    ),
  );
  const query = new URLSearchParams(kept).toString();
  return (
    <>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      <div className="admin-toolbar">
        <Form method="get" className="admin-filters">
          <div className="field">
            <label htmlFor="log-person">{t.person}</label>
            <select id="log-person" name="person" defaultValue={filters.person ?? ""}>
              <option value="">{t.anyone}</option>
              {people.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="log-event">{t.event}</label>
            <select id="log-event" name="event" defaultValue={filters.event ?? ""}>
              <option value="">{t.anyEvent}</option>
              {events.map((e) => (
                <option key={e} value={e}>
                  {logEventName(e)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="log-from">{t.from}</label>
            <input id="log-from" type="date" name="from" defaultValue={filters.from ?? ""} />
          </div>
          <div className="field">
            <label htmlFor="log-to">{t.to}</label>
            <input id="log-to" type="date" name="to" defaultValue={filters.to ?? ""} />
          </div>
          <button type="submit" className="btn btn-primary">
            {t.filter}
          </button>
        </Form>
        <a href={`/admin/security-log.csv${query ? `?${query}` : ""}`} className="btn btn-outline" download>
          {t.exportCsv}
        </a>
      </div>
      {entries.length ? (
        <AdminTable headers={[t.when, t.what, t.who, t.about, t.detail, t.address, t.browser]} className="security-log">
          {entries.map((e) => (
            <tr key={e._id}>
              <td>
                <time dateTime={e.at}>{logEntryTime(e.at)}</time>
              </td>
              <td>{logEventName(e.event)}</td>
              <td data-label={t.who}>{logEntryWho(e)}</td>
              <td data-label={t.about}>
                {logEntryAbout(e)}
                {logEntryIds(e).map((line) => (
                  <small key={line} className="log-id">
                    {line}
                  </small>
                ))}
              </td>
              <td data-label={t.detail}>{e.reason ?? ""}</td>
              <td data-label={t.address}>{e.ip ?? ""}</td>
              <td data-label={t.browser}>{e.userAgent ?? ""}</td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p>{t.none}</p>
      )}
      {older ? (
        <nav className="admin-pager" aria-label={t.pagesNav}>
          <Link to={`?${new URLSearchParams({ ...kept, after: older })}`} rel="next">
            {t.older} →
          </Link>
        </nav>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
