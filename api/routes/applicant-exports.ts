import { Hono } from "hono";

import { applicantsExport } from "@domain/staff-exports";

import { type Env, logExport, query, requirePermission } from "../http";
import { APPLICANT_CSV_COLUMNS, csvApplicant, latestNotes, pipelineFilter, toApplicant } from "../lib/applicant-json";
import { csvResponse, csvStream } from "../lib/csv-export";
import { exportPage, exportPageSize, newestFirst } from "../lib/query";
import { applicantCsvQuery, applicantExportQuery } from "../validation";

/** The applicants' exports (mounted before the pipeline, whose `/applicants/:id` would take `export`). */
export const applicantExports = new Hono<Env>();

/**
 * The exports' pages, a permission of their own and logged once per export (docs/decisions/031-staff-roles.md):
 * the list's rows (with the latest note) by key, larger than a list's
 * page, each answer naming where the next starts (docs/decisions/029-every-list-by-key-and-fast-exports.md).
 */
applicantExports.get("/applicants/export", requirePermission("exports"), logExport("applicants"), async (c) => {
  const q = query(c, applicantExportQuery);
  const db = c.get("db");
  const size = exportPageSize(db);
  const rows = await newestFirst(db, "applicants", { ...q, limit: size }, pipelineFilter(q), { allMatches: true });
  const notes = await latestNotes(
    db,
    rows.map((r) => r.id),
  );
  return c.json(exportPage(rows, q, size, (r) => ({ ...toApplicant(r), latestNote: notes.get(r.id) ?? null })));
});

/**
 * The applicants as a CSV file, written by the API whole and streamed (docs/decisions/048-exports-written-by-the-api.md):
 * the same permission, the same log line once per export, the same rows, filters and search as
 * the pages above; the web tier passes the file on.
 */
applicantExports.get("/applicants/export.csv", requirePermission("exports"), logExport("applicants"), (c) => {
  const q = query(c, applicantCsvQuery);
  const stream = csvStream(c.get("db"), {
    table: "applicants",
    columns: APPLICANT_CSV_COLUMNS,
    where: pipelineFilter(q),
    search: q.search,
    header: applicantsExport.header,
    cells: applicantsExport.cells,
    shaper: async (db, rows) => {
      const notes = await latestNotes(
        db,
        rows.map((r) => r[0] as string),
      );
      return (row) => csvApplicant(row, notes);
    },
  });
  return csvResponse(stream);
});
