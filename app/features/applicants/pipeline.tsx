import { Form, Link } from "@remix-run/react";

import { APPLICANT_STATUSES } from "@domain/pipeline";
import { inboxText as t } from "~/content/inbox";
import { pipelineText as p } from "~/content/lifecycle";
import { ExportLinks } from "~/features/exports/export-links";

import { ProofFilter } from "./payment-proof";

type Filters = { status: string; course: string; proof?: string };

/** The address of the applicants list (or its CSV) with these search and filters. */
export function applicantsHref(base: string, search: string, filters: Filters) {
  const q = new URLSearchParams();
  if (search) q.set("q", search);
  if (filters.status) q.set("status", filters.status);
  if (filters.course) q.set("course", filters.course);
  if (filters.proof) q.set("proof", filters.proof);
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}

/** Search, status and course filters and the CSV export: one GET form, so it works without JavaScript. */
export function PipelineToolbar({
  search,
  filters,
  courseTitles,
}: {
  search: string;
  filters: Filters;
  courseTitles: string[];
}) {
  return (
    <div className="admin-toolbar">
      <Form method="get" className="admin-search admin-filters" role="search">
        <div className="field field-wide">
          <label htmlFor="inbox-search">{t.searchApplicants}</label>
          <input id="inbox-search" type="search" name="q" defaultValue={search} aria-describedby="inbox-search-hint" />
          <small id="inbox-search-hint" className="field-hint">
            {t.searchApplicantsHint}
          </small>
        </div>
        <div className="field">
          <label htmlFor="filter-status">{p.status}</label>
          <select id="filter-status" name="status" defaultValue={filters.status}>
            <option value="">{p.anyStatus}</option>
            {APPLICANT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {p.statuses[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-course">{p.course}</label>
          <select id="filter-course" name="course" defaultValue={filters.course}>
            <option value="">{p.anyCourse}</option>
            {courseTitles.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <ProofFilter value={filters.proof ?? ""} />
        <button type="submit" className="btn btn-primary">
          {p.filter}
        </button>
        {search || filters.status || filters.course || filters.proof ? (
          <Link to="/admin/applicants">{p.clearFilters}</Link>
        ) : null}
      </Form>
      <ExportLinks base="/admin/applicants" query={applicantsHref("", search, filters).replace(/^\?/, "")} />
    </div>
  );
}

/**
 * How many applicants are at each status; each count links to that status (course and search kept).
 * A count that stopped at its bound says so ("999+"), and then so does the total
 * (docs/decisions/084-stored-search-words-and-bounded-pipeline-counts.md).
 */
export function PipelineCounts({
  counts,
  search,
  filters,
}: {
  counts: Record<(typeof APPLICANT_STATUSES)[number], number> & { more: string[] };
  search: string;
  filters: Filters;
}) {
  const total = APPLICANT_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  const entries: [string, string, number, boolean][] = [
    ["", p.all, total, counts.more.length > 0],
    ...APPLICANT_STATUSES.map((s): [string, string, number, boolean] => [
      s,
      p.statuses[s],
      counts[s],
      counts.more.includes(s),
    ]),
  ];
  return (
    <nav className="pipeline-counts" aria-label={p.countsLabel}>
      <ul>
        {entries.map(([status, label, n, more]) => (
          <li key={status || "all"}>
            <Link
              to={applicantsHref("/admin/applicants", search, { ...filters, status })}
              aria-current={filters.status === status ? "page" : undefined}
            >
              {p.countOf(label, n, more)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
