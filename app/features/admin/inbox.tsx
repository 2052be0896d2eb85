import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { mailQueueText } from "~/content/mail-queue";
import { rightsText } from "~/content/privacy-staff";
import { inboxText as t } from "~/content/staff";
import { trashText as lt } from "~/content/trash";

import { ExportLinks } from "./export-links";

/** Search box, the exports and the page heading of an inbox list; a GET form, so it works without JavaScript. */
export function InboxToolbar({
  label,
  search,
  exportBase,
  exportQuery,
  keep = {},
}: {
  label: string;
  search: string;
  /** The exports' path without extension (…/messages: .xlsx and .csv) and their query. */
  exportBase: string;
  exportQuery: string;
  /** Filters a new search keeps (e.g. "new only"). */
  keep?: Record<string, string>;
}) {
  return (
    <div className="admin-toolbar">
      <Form method="get" className="admin-search" role="search">
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="field">
          <label htmlFor="inbox-search">{label}</label>
          <input id="inbox-search" type="search" name="q" defaultValue={search} />
        </div>
        <button type="submit" className="btn btn-primary">
          {t.search}
        </button>
      </Form>
      <ExportLinks base={exportBase} query={exportQuery} />
    </div>
  );
}

/**
 * Newer and Older links of a staff list. Each link is the list's own query plus the place it
 * names (the key of the row beside it and the page's number: inbox.server.ts), so it works
 * without JavaScript and costs the same at any depth.
 */
export function Pager({
  pager,
  search,
  filters = {},
}: {
  pager: { page: number; newer?: Record<string, string>; older?: Record<string, string> };
  search: string;
  filters?: Record<string, string>;
}) {
  const kept = Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
  const href = (place: Record<string, string>) =>
    `?${new URLSearchParams({ ...(search ? { q: search } : {}), ...kept, ...place })}`;
  if (!pager.newer && !pager.older) return null;
  return (
    <nav className="admin-pager" aria-label={t.pagesNav}>
      {pager.newer ? (
        <Link to={href(pager.newer)} rel="prev">
          ← {t.newer}
        </Link>
      ) : (
        <span />
      )}
      <span>{t.page(pager.page)}</span>
      {pager.older ? (
        <Link to={href(pager.older)} rel="next">
          {t.older} →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** "3 new" beside a tab (an inline-block: its name reads "Messages 3 new"); nothing when nothing is new. */
function NewCount({ n }: { n: number | undefined }) {
  return n ? <span className="tab-count">{t.newCount(n)}</span> : null;
}

/** The tabs of every staff page under /admin, each inbox with its "new" count. */
export function AdminTabs({ counts }: { counts?: { messages: number; applicants: number } }) {
  return (
    <nav className="admin-tabs" aria-label={t.inboxNav}>
      <Link to="/admin/messages">
        {t.tabMessages}
        <NewCount n={counts?.messages} />
      </Link>
      {" · "}
      <Link to="/admin/applicants">
        {t.tabApplicants}
        <NewCount n={counts?.applicants} />
      </Link>
      {" · "}
      <Link to="/admin/scheduled">{lt.tabScheduled}</Link> · <Link to="/admin/trash">{lt.tabTrash}</Link>
      {" · "}
      <Link to="/admin/privacy">{rightsText.title}</Link>
      {" · "}
      <Link to="/admin/mail">{mailQueueText.tab}</Link>
    </nav>
  );
}

/** A staff list as a table: one column header each (a visually hidden one for a row's actions). */
export function AdminTable({
  headers,
  className,
  children,
}: {
  headers: ReactNode[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="admin-table-wrap">
      <table className={className ? `admin-table ${className}` : "admin-table"}>
        <thead>
          <tr>
            {headers.map((header, i) => (
              <th scope="col" key={i}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
