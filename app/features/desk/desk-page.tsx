import { Link } from "@remix-run/react";

import { deskText as t } from "~/content/desk";
import { AdminTable } from "~/features/staff-frame/frame";

type Work = Record<keyof typeof t.work, number>;
type IntakeRow = {
  id: string;
  courseId: string;
  course: string;
  start: string;
  campus: string;
  taken: number;
  left: number;
  seats: number;
  waiting: number;
};

/** Where each count's list is. */
const WORK_LINKS: Partial<Record<keyof Work, string>> = {
  newApplications: "/admin/applicants?status=new",
  receiptsWaiting: "/admin/applicants?proof=waiting",
  offersLapsing: "/admin/applicants?status=offered",
  // Their own lists (docs/decisions/088-the-desk-lists-and-offers-answered-as-expected.md).
  guardiansPending: "/admin/desk/guardians",
  savedForms: "/admin/desk/saved-forms",
  // Withdrawn after paying (docs/decisions/099-withdrawn-after-paying.md).
  refundsToDecide: "/admin/applicants?proof=refund",
};

/** The admissions desk: the day's work as counts with links, then the open intakes. */
export function DeskPage({ work, more, intakes }: { work: Work; more: string[]; intakes: IntakeRow[] }) {
  return (
    <>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      <h2>{t.workHeading}</h2>
      <ul className="desk-work">
        {(Object.keys(t.work) as (keyof Work)[]).map((key) => {
          const to = WORK_LINKS[key];
          return (
            <li key={key} data-work={key}>
              <span className="desk-count">{more.includes(key) ? `${work[key]}+` : work[key]}</span>{" "}
              <span>{t.work[key].label}</span>
              {to ? (
                <>
                  {" "}
                  <Link to={to}>{t.work[key].link}</Link>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      <h2>{t.intakesHeading}</h2>
      {intakes.length === 0 ? (
        <p>{t.noIntakes}</p>
      ) : (
        <AdminTable
          headers={[
            t.table.course,
            t.table.start,
            t.table.campus,
            t.table.taken,
            t.table.left,
            t.table.waiting,
            t.table.links,
          ]}
        >
          {intakes.map((i) => (
            <tr key={i.id} data-intake={i.id}>
              <td>{i.course}</td>
              <td>{i.start}</td>
              <td>{i.campus}</td>
              <td>
                {i.taken} / {i.seats}
              </td>
              <td>{i.left}</td>
              <td>{i.waiting}</td>
              <td>
                <Link to={`/admin/courses/${encodeURIComponent(i.courseId)}/intakes`}>{t.intakePage}</Link> ·{" "}
                <Link to={`/admin/intakes/${encodeURIComponent(i.id)}/roster`}>{t.rosterPage}</Link> ·{" "}
                <Link to={`/admin/intakes/${encodeURIComponent(i.id)}/message`}>{t.messagePage}</Link>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </>
  );
}
