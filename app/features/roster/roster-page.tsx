import { intakeMessageText, rosterText as t } from "~/content/desk";

/** The class list: a table that prints on its own (roster.css hides the frame on paper). */
export function RosterPage({
  id,
  title,
  summary,
  rows,
}: {
  id: string;
  title: string;
  summary: string;
  rows: string[][];
}) {
  return (
    <section className="roster">
      <h1>{title}</h1>
      <p>{summary}</p>
      <p className="roster-actions">
        <a href={`/admin/intakes/${encodeURIComponent(id)}/roster.csv`} download>
          {t.csv}
        </a>{" "}
        <a href={`/admin/intakes/${encodeURIComponent(id)}/roster.xlsx`} download>
          {t.xlsx}
        </a>{" "}
        <a href={`/admin/intakes/${encodeURIComponent(id)}/message`}>{intakeMessageText.rosterLink}</a>
      </p>
      {rows.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        // Wider than a phone: it scrolls, so a keyboard must reach it (a focusable, named region).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is focused to scroll it by keyboard
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={title}>
          <table className="admin-table roster-table">
            <thead>
              <tr>
                {t.columns.map((c) => (
                  <th scope="col" key={c}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row[0]}>
                  {row.map((cell, i) => (
                    <td key={i}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
