import { dayWords } from "@domain/intakes";
import { statementStaffCopy as copy } from "~/content/payments-staff";
import type { Statement } from "~/upstream/schemas";

/**
 * The applicant's statement of account on their staff page (docs/decisions/093-paid-means-nothing-is-owed.md):
 * what is still owed and due next, what was paid online and by transfer, and what is to give back.
 */
export function ApplicantStatement({ statement: s }: { statement: Statement }) {
  const next = s.dueNext;
  return (
    <section className="applicant-statement" aria-labelledby="statement-title" data-settled={s.settled ? "yes" : "no"}>
      <h2 id="statement-title">{copy.title}</h2>
      <p>
        <strong>{s.settled ? copy.settled : copy.owed(s.owed.text)}</strong>
        {next
          ? ` ${
              next.what === "registration"
                ? copy.nextRegistration(next.text)
                : next.n && next.of
                  ? copy.nextInstalment(next.n, next.of, next.text, dayWords(next.dueOn ?? ""))
                  : copy.nextCourseFee(next.text, dayWords(next.dueOn ?? ""))
            }`
          : null}
      </p>
      {s.course && s.course.overdue.kobo > 0 ? <p role="status">{copy.overdue(s.course.overdue.text)}</p> : null}
      <p className="field-hint">{copy.paid(s.paid.text, s.online.text, s.transfer.text)}</p>
      {s.toRefund.kobo > 0 ? <p>{copy.toRefund(s.toRefund.text)}</p> : null}
    </section>
  );
}
