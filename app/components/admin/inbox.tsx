import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { trashText as lt } from "~/content/trash";
import { inboxText as t } from "~/content/staff";

/** Search box, CSV export and the page heading of an inbox list; a GET form, so it works without JavaScript. */
export function InboxToolbar({ label, search, exportHref }: { label: string; search: string; exportHref: string }) {
  return (
    <div className="admin-toolbar">
      <Form method="get" className="admin-search" role="search">
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

export function AdminShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="admin-page container">
      <nav className="admin-tabs" aria-label={t.inboxNav}>
        <Link to="/admin/messages">{t.tabMessages}</Link> · <Link to="/admin/applicants">{t.tabApplicants}</Link>
        {" · "}
        <Link to="/admin/scheduled">{lt.tabScheduled}</Link> · <Link to="/admin/trash">{lt.tabTrash}</Link>
      </nav>
      <h1>{title}</h1>
      {children}
    </main>
  );
}
