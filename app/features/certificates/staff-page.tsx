import { Form } from "@remix-run/react";

import {
  certificateDay,
  EARLY_REASON_MAX,
  formatCertificateNumber,
  GRADE_MAX,
  HOLDER_NAME_MAX,
  REVOCATION_REASON_NAMES,
  REVOCATION_REASONS,
  verifyPath,
} from "@domain/certificates";
import { certificatesStaffText as t } from "~/content/certificates";
import { AdminTable } from "~/features/staff-frame/frame";
import type { Graduate } from "~/upstream/certificates.server";

import type { CertificateFormFailure } from "./staff.server";

type Props = {
  courses: string[];
  course: string;
  /** The chosen course's intakes, and the one chosen ("" the whole course). */
  intakes: { id: string; label: string }[];
  intake: string;
  graduates: Graduate[] | null;
  today: string;
  failed?: CertificateFormFailure;
};

/** The staff's certificates page: a course chosen by a GET form, then its students with their forms. */
export function CertificatesPage({ courses, course, intakes, intake, graduates, today, failed }: Props) {
  const typed = (name: string, applicantId?: string) =>
    failed && (!applicantId || failed.values.applicantId === applicantId) ? failed.values[name] : undefined;
  // Intakes of the list that have not begun: no completion day is proposed for them (docs/decisions/098).
  const notStarted = [
    ...new Set((graduates ?? []).map((g) => g.intakeStart).filter((d) => !!d && d > today)),
  ] as string[];
  return (
    <>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      <form method="get" className="admin-filters">
        <div className="field">
          <label htmlFor="certificates-course">{t.course}</label>
          <select id="certificates-course" name="course" defaultValue={course} required>
            <option value="">{t.chooseCourse}</option>
            {courses.map((title) => (
              <option key={title} value={title}>
                {title}
              </option>
            ))}
            {course && !courses.includes(course) ? <option value={course}>{course}</option> : null}
          </select>
        </div>
        {intakes.length ? (
          <div className="field">
            <label htmlFor="certificates-intake">{t.intake}</label>
            <select id="certificates-intake" name="intake" defaultValue={intake}>
              <option value="">{t.wholeCourse}</option>
              {intakes.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <button type="submit" className="btn btn-outline">
          {t.show}
        </button>
      </form>
      {failed ? (
        <p className="form-error" role="alert" data-testid="certificates-error">
          {failed.error}
        </p>
      ) : null}
      {failed?.owedConfirm ? (
        // The same form again, confirmed: staff saw the fees still owed (docs/decisions/093).
        <Form method="post" className="fees-owed-confirm">
          {Object.entries(failed.values)
            .filter(([name]) => name !== "confirmOwed")
            .map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
          <input type="hidden" name="confirmOwed" value="yes" />
          <button type="submit" className="btn btn-primary">
            {t.feesOwedConfirm}
          </button>
        </Form>
      ) : null}
      {failed?.reasonAsk ? (
        // The same form again, with the reason for completing before the intake starts (docs/decisions/098).
        <Form method="post" className="fees-owed-confirm">
          {Object.entries(failed.values)
            .filter(([name]) => name !== "earlyReason")
            .map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
          <div className="field">
            <label htmlFor="early-reason">{t.earlyReason}</label>
            <p id="early-reason-hint" className="field-hint">
              {t.earlyReasonHint}
            </p>
            <input
              id="early-reason"
              name="earlyReason"
              required
              minLength={3}
              maxLength={EARLY_REASON_MAX}
              defaultValue={failed.values.earlyReason ?? ""}
              aria-describedby="early-reason-hint"
            />
          </div>
          <button type="submit" className="btn btn-primary">
            {t.earlyReasonSubmit}
          </button>
        </Form>
      ) : null}
      {graduates === null ? null : graduates.length === 0 ? (
        <p className="admin-empty">{t.none}</p>
      ) : (
        <>
          <div className="certificates-bulk">
            <Form method="post" className="admin-filters">
              <input type="hidden" name="intent" value="complete-all" />
              <input type="hidden" name="course" value={course} />
              <input type="hidden" name="intake" value={intake} />
              <div className="field">
                <label htmlFor="all-completed-on">{t.completedOn}</label>
                <input
                  id="all-completed-on"
                  name="completedOn"
                  type="date"
                  required
                  max={today}
                  defaultValue={typed("completedOn") ?? (notStarted.length ? "" : today)}
                  aria-describedby={notStarted.length ? "all-not-started" : undefined}
                />
                {notStarted.length ? (
                  <p id="all-not-started" className="field-hint">
                    {notStarted.length === 1 ? t.notStartedHint(certificateDay(notStarted[0]!)) : t.notStartedHintMany}
                  </p>
                ) : null}
              </div>
              <div className="field">
                <label htmlFor="all-grade">{t.grade}</label>
                <input id="all-grade" name="grade" maxLength={GRADE_MAX} defaultValue={typed("grade") ?? ""} />
              </div>
              <button type="submit" className="btn btn-outline">
                {t.completeAll}
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="issue-all" />
              <input type="hidden" name="course" value={course} />
              <input type="hidden" name="intake" value={intake} />
              <button type="submit" className="btn btn-primary">
                {t.issueAll}
              </button>
            </Form>
          </div>
          <AdminTable headers={[t.columns.student, t.columns.completed, t.columns.certificate, t.columns.actions]}>
            {graduates.map((g) => (
              <GraduateRow key={g.applicantId} g={g} course={course} intake={intake} today={today} typed={typed} />
            ))}
          </AdminTable>
        </>
      )}
    </>
  );
}

function GraduateRow({
  g,
  course,
  intake,
  today,
  typed,
}: {
  g: Graduate;
  course: string;
  intake: string;
  today: string;
  typed: (name: string, applicantId?: string) => string | undefined;
}) {
  const inForce = g.certificate && !g.certificate.revokedAt ? g.certificate : null;
  const id = g.applicantId;
  const started = !g.intakeStart || g.intakeStart <= today;
  return (
    <tr data-testid="graduate">
      <td data-label={t.columns.student}>
        <strong>{g.name}</strong>
        <br />
        {g.reference} · {g.email}
      </td>
      <td data-label={t.columns.completed}>
        {g.completion
          ? `${certificateDay(g.completion.completedOn)}${g.completion.grade ? ` · ${g.completion.grade}` : ""}`
          : t.notCompleted}
        {g.completion?.earlyReason ? (
          <>
            <br />
            <small>{t.earlyReasonOn(g.completion.earlyReason)}</small>
          </>
        ) : null}
      </td>
      <td data-label={t.columns.certificate}>
        {g.certificate ? (
          <>
            <a href={verifyPath(g.certificate.number)} data-testid="certificate-number">
              {formatCertificateNumber(g.certificate.number)}
            </a>
            {g.certificate.revokedAt ? (
              <>
                <br />
                {t.revokedOn(certificateDay(g.certificate.revokedAt.slice(0, 10)))}
                {g.certificate.revokedReason
                  ? ` (${REVOCATION_REASON_NAMES[g.certificate.revokedReason as keyof typeof REVOCATION_REASON_NAMES] ?? g.certificate.revokedReason})`
                  : ""}
              </>
            ) : null}
          </>
        ) : (
          "—"
        )}
      </td>
      <td data-label={t.columns.actions} className="certificates-actions">
        {inForce ? (
          <Form method="post">
            <input type="hidden" name="intent" value="revoke" />
            <input type="hidden" name="course" value={course} />
            <input type="hidden" name="intake" value={intake} />
            <input type="hidden" name="number" value={inForce.number} />
            <label htmlFor={`reason-${id}`}>{t.reason}</label>
            <select id={`reason-${id}`} name="reason" required defaultValue="">
              <option value="">{t.chooseReason}</option>
              {REVOCATION_REASONS.map((r) => (
                <option key={r} value={r}>
                  {REVOCATION_REASON_NAMES[r]}
                </option>
              ))}
            </select>
            <button type="submit" className="btn btn-outline btn-small" aria-label={t.revokeOf(g.name)}>
              {t.revoke}
            </button>
          </Form>
        ) : (
          <>
            <Form method="post">
              <input type="hidden" name="intent" value="complete" />
              <input type="hidden" name="course" value={course} />
              <input type="hidden" name="intake" value={intake} />
              <input type="hidden" name="applicantId" value={id} />
              <label htmlFor={`done-${id}`}>{t.completedOn}</label>
              <input
                id={`done-${id}`}
                name="completedOn"
                type="date"
                required
                max={today}
                defaultValue={typed("completedOn", id) ?? g.completion?.completedOn ?? (started ? today : "")}
                aria-describedby={started ? undefined : `not-started-${id}`}
              />
              {started ? null : (
                <small id={`not-started-${id}`} className="field-hint">
                  {t.notStartedHint(certificateDay(g.intakeStart!))}
                </small>
              )}
              <label htmlFor={`grade-${id}`}>{t.grade}</label>
              <input
                id={`grade-${id}`}
                name="grade"
                maxLength={GRADE_MAX}
                defaultValue={typed("grade", id) ?? g.completion?.grade ?? ""}
              />
              <button type="submit" className="btn btn-outline btn-small" aria-label={t.completeOf(g.name)}>
                {t.complete}
              </button>
            </Form>
            {g.completion ? (
              <Form method="post">
                <input type="hidden" name="intent" value="issue" />
                <input type="hidden" name="course" value={course} />
                <input type="hidden" name="intake" value={intake} />
                <input type="hidden" name="applicantId" value={id} />
                <label htmlFor={`holder-${id}`}>{t.holderName}</label>
                <input
                  id={`holder-${id}`}
                  name="holderName"
                  required
                  maxLength={HOLDER_NAME_MAX}
                  defaultValue={typed("holderName", id) ?? g.name}
                />
                <button type="submit" className="btn btn-primary btn-small" aria-label={t.issueTo(g.name)}>
                  {t.issue}
                </button>
              </Form>
            ) : null}
          </>
        )}
      </td>
    </tr>
  );
}
