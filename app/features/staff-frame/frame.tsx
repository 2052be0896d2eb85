import { Form, Link, NavLink } from "@remix-run/react";
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";

import { certificatesStaffText } from "~/content/certificates";
import { inboxText as t } from "~/content/inbox";
import { insightsText } from "~/content/insights";
import { legalTextsText } from "~/content/legal-texts";
import { mailQueueText } from "~/content/mail-queue";
import { pageContentText } from "~/content/page-content";
import { paymentsStaffCopy } from "~/content/payments-staff";
import { rightsText } from "~/content/privacy-staff";
import { serverErrorsText } from "~/content/server-errors";
import { settingsText } from "~/content/settings";
import { accountMenu, securityLogText as sl, staffPageText as st } from "~/content/staff-accounts";
import { trashText as lt } from "~/content/trash";
import { ExportLinks } from "~/features/exports/export-links";

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
 * names (the key of the row beside it and the page's number: frame.server.ts), so it works
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

/** A count that stopped at its bound: `more` when there were more than `n`. */
type BoundedCount = { n: number; more: boolean };

/** "3 new" beside a tab (an inline-block: its name reads "Messages 3 new"), "999+ new" past the bound; nothing when nothing is new. */
export function NewCount({ count }: { count: BoundedCount | undefined }) {
  return count?.n ? <span className="tab-count">{t.newCount(count.n, count.more)}</span> : null;
}

/** The tabs of every staff page under /admin a role may open, each inbox with its "new" count (docs/decisions/031-staff-roles.md). */
export function AdminTabs({
  counts,
  permissions,
}: {
  counts?: { messages?: BoundedCount; applicants?: BoundedCount };
  permissions: readonly string[];
}) {
  const tabs = [
    permissions.includes("messages") ? (
      <NavLink to="/admin/messages" key="messages">
        {t.tabMessages}
        <NewCount count={counts?.messages} />
      </NavLink>
    ) : null,
    permissions.includes("applicants") ? (
      <NavLink to="/admin/applicants" key="applicants">
        {t.tabApplicants}
        <NewCount count={counts?.applicants} />
      </NavLink>
    ) : null,
    permissions.includes("applicants") ? (
      <NavLink to="/admin/payments" key="payments">
        {paymentsStaffCopy.heading}
      </NavLink>
    ) : null,
    permissions.includes("content") ? (
      <NavLink to="/admin/scheduled" key="scheduled">
        {lt.tabScheduled}
      </NavLink>
    ) : null,
    permissions.includes("content") ? (
      <NavLink to="/admin/trash" key="trash">
        {lt.tabTrash}
      </NavLink>
    ) : null,
    permissions.includes("applicants") ? (
      <NavLink to="/admin/certificates" key="certificates">
        {certificatesStaffText.tab}
      </NavLink>
    ) : null,
    permissions.includes("applicants") ? (
      <NavLink to="/admin/privacy" key="privacy">
        {rightsText.title}
      </NavLink>
    ) : null,
    permissions.includes("staff") ? (
      <NavLink to="/admin/staff" key="staff">
        {st.title}
      </NavLink>
    ) : null,
    permissions.includes("security-log") ? (
      <NavLink to="/admin/security-log" key="log">
        {sl.title}
      </NavLink>
    ) : null,
    permissions.includes("insights") ? (
      <NavLink to="/admin/insights" key="insights">
        {insightsText.tab}
      </NavLink>
    ) : null,
    permissions.includes("content") ? (
      <NavLink to="/admin/content" key="page-content">
        {pageContentText.title}
      </NavLink>
    ) : null,
    permissions.includes("settings") ? (
      <NavLink to="/admin/settings" key="settings">
        {settingsText.title}
      </NavLink>
    ) : null,
    permissions.includes("settings") ? (
      <NavLink to="/admin/legal/privacy" key="legal">
        {legalTextsText.tab}
      </NavLink>
    ) : null,
    permissions.includes("staff") ? (
      <NavLink to="/admin/mail" key="mail">
        {mailQueueText.tab}
      </NavLink>
    ) : null,
    permissions.includes("staff") ? (
      <NavLink to="/admin/errors" key="errors">
        {serverErrorsText.tab}
      </NavLink>
    ) : null,
    <NavLink to="/admin/account" key="account">
      {accountMenu.twoFactor}
    </NavLink>,
  ].filter(Boolean);
  return (
    <nav className="admin-tabs" aria-label={t.inboxNav}>
      {tabs.flatMap((tab, i) => (i ? [" · ", tab] : [tab]))}
    </nav>
  );
}

/**
 * Each plain cell of a plain row given its column's name as `data-label`, unless it has one: on a
 * phone the table's rows become stacked cards (admin.css) and a cell says what it is ("Left: 0"),
 * where "1 / 1", "0" and "1" alone meant nothing.
 */
function labelCells(rows: ReactNode, headers: readonly ReactNode[]) {
  return Children.map(rows, (row) => {
    if (!isValidElement<{ children?: ReactNode }>(row) || row.type !== "tr") return row;
    const cells = Children.map(row.props.children, (cell, i) => {
      const label = headers[i];
      if (typeof label !== "string" || !label || !isValidElement(cell) || cell.type !== "td") return cell;
      const td = cell as ReactElement<{ "data-label"?: string }>;
      return td.props["data-label"] === undefined ? cloneElement(td, { "data-label": label }) : td;
    });
    return cloneElement(row, undefined, cells);
  });
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
        <tbody>{labelCells(children, headers)}</tbody>
      </table>
    </div>
  );
}
