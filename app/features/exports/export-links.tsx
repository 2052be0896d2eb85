import { inboxText as t } from "~/content/inbox";

/**
 * The two exports of a list (docs/decisions/009-csv-exports-for-spreadsheets.md): a spreadsheet
 * for people and a plain CSV for tools, with the same search and filters (`query`).
 */
export function ExportLinks({ base, query }: { base: string; query: string }) {
  const href = (ext: string) => `${base}.${ext}${query ? `?${query}` : ""}`;
  return (
    <span className="admin-exports">
      <a href={href("xlsx")} className="btn btn-outline" download>
        {t.exportXlsx}
      </a>
      <a href={href("csv")} className="btn btn-outline" download>
        {t.exportCsvForTools}
      </a>
    </span>
  );
}
