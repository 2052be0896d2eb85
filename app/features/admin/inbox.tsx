import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { rightsText } from "~/content/privacy-staff";
import { inboxText as t } from "~/content/staff";
import { trashText as lt } from "~/content/trash";

/** Search box, CSV export and the page heading of an inbox list; a GET form, so it works without JavaScript. */
export function InboxToolbar({
  label,
  search,
  exportHref,
  keep = {},
}: {
  label: string;
  search: string;
  exportHref: string;
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
      <a href={exportHref} className="btn btn-outline" download>
        {t.exportCsv}
      </a>
    </div>
  );
}

export function Pager({
  page,
  hasOlder,
  search,
  filters = {},
}: {
  page: number;
  hasOlder: boolean;
  search: string;
  filters?: Record<string, string>;
}) {
  const kept = Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
  const href = (p: number) =>
    `?${new URLSearchParams({ ...(search ? { q: search } : {}), ...kept, ...(p > 1 ? { page: String(p) } : {}) })}`;
  if (page === 1 && !hasOlder) return null;
  return (
    <nav className="admin-pager" aria-label={t.pagesNav}>
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev">
          ← {t.newer}
        </Link>
      ) : (
        <span />
      )}
      <span>{t.page(page)}</span>
      {hasOlder ? (
        <Link to={href(page + 1)} rel="next">
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
