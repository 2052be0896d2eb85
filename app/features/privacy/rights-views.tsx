import { Form } from "@remix-run/react";

import { formatWhen } from "@domain/schedule";
import { requestKinds, rightsText as t } from "~/content/privacy-staff";
import type { PersonRecords, PrivacyRequest } from "~/upstream/index.server";

// The rights page's views (docs/decisions/034-retention-and-rights.md): the register's rows, the
// form that adds a request, the search for a person, and what is kept of the person found.

export function RequestRow({ r }: { r: PrivacyRequest }) {
  return (
    <tr className={r.overdue ? "request-overdue" : undefined}>
      <td data-label={t.kind}>{requestKinds[r.kind as keyof typeof requestKinds] ?? r.kind}</td>
      <td data-label={t.subject}>{r.subject}</td>
      <td data-label={t.receivedOn}>{r.receivedOn}</td>
      <td data-label={t.dueOn}>
        {r.dueOn} {r.overdue ? <strong className="status-badge request-overdue-badge">{t.overdue}</strong> : null}
      </td>
      <td data-label={t.doneAt}>
        {r.doneAt ? (
          formatWhen(r.doneAt)
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="done" />
            <input type="hidden" name="id" value={r._id} />
            <button type="submit" className="btn btn-outline btn-small" aria-label={`${t.markDone}: ${r.subject}`}>
              {t.markDone}
            </button>
          </Form>
        )}
      </td>
    </tr>
  );
}

export function Found({
  person,
  found,
  open,
}: {
  person: { email?: string; phone?: string };
  found: PersonRecords;
  open: PrivacyRequest[];
}) {
  const query = new URLSearchParams(Object.entries(person).filter((e): e is [string, string] => !!e[1]));
  const empty =
    found.applications.length === 0 &&
    found.messages.length === 0 &&
    found.guardianOf.length === 0 &&
    found.savedForms.length === 0 &&
    found.outboxMails.length === 0 &&
    found.jobAlerts.length === 0 &&
    found.certificates.length === 0;
  const typed = (fields: Record<string, string | string[]>, name: string) =>
    typeof fields[name] === "string" ? fields[name] : "";
  if (empty) return <p>{t.nothing}</p>;
  return (
    <div className="privacy-person">
      {/* Each kind of record is listed only when the person has some: a heading over nothing read as missing data. */}
      {found.applications.length ? (
        <>
          <h3>{t.applications}</h3>
          <ul>
            {found.applications.map((a) => (
              <li key={a.id}>
                {a.reference} — {a.firstname} {a.lastname}, {a.course_title} ({a.status}), {formatWhen(a.created_at)} —{" "}
                {t.counts(a.notes.length, a.files.length, a.mails.length)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {found.guardianOf.length ? (
        <p>
          {t.guardianOf}: {found.guardianOf.map((g) => g.reference).join(", ")}
        </p>
      ) : null}
      {found.messages.length ? (
        <>
          <h3>{t.messages}</h3>
          <ul>
            {found.messages.map((m) => (
              <li key={m.id}>
                {m.fullname} &lt;{m.email}&gt;, {formatWhen(m.created_at)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {found.savedForms.length ? (
        <>
          <h3>{t.savedForms}</h3>
          <ul>
            {found.savedForms.map((f, i) => (
              // A saved form has no id of its own to show (its token opens it); its place is its key.
              <li key={`${i}-${f.saved_at}`}>
                {t.savedForm({
                  name: `${typed(f.fields, "firstname")} ${typed(f.fields, "lastname")}`.trim(),
                  email: typed(f.fields, "email"),
                  savedAt: formatWhen(f.saved_at),
                  expiresAt: formatWhen(f.expires_at),
                  files: f.files.length,
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {found.jobAlerts.length ? (
        <>
          <h3>{t.jobAlerts}</h3>
          <ul>
            {found.jobAlerts.map((a) => (
              <li key={a.email}>
                {t.jobAlert({
                  email: a.email,
                  askedAt: formatWhen(a.asked_at),
                  confirmedAt: a.confirmed_at ? formatWhen(a.confirmed_at) : null,
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {found.outboxMails.length ? (
        <>
          <h3>{t.outboxMails}</h3>
          <ul>
            {found.outboxMails.map((m) => (
              <li key={m.id}>
                {t.outboxMail({
                  recipient: m.recipient,
                  subject: m.subject,
                  status: t.outboxStatus[m.status] ?? m.status,
                  at: formatWhen(m.created_at),
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {found.certificates.length ? (
        <>
          <h3>{t.certificates}</h3>
          <ul>
            {found.certificates.map((c) => (
              <li key={c.number}>{t.certificate(c)}</li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        <a className="btn btn-outline" href={`/admin/privacy/export?${query}`} download>
          {t.export}
        </a>
      </p>
      <Form method="post" className="privacy-erase">
        <h3>{t.eraseTitle}</h3>
        <p>{t.eraseWarning}</p>
        <input type="hidden" name="intent" value="erase" />
        {person.email ? <input type="hidden" name="email" value={person.email} /> : null}
        {person.phone ? <input type="hidden" name="phone" value={person.phone} /> : null}
        <div className="field">
          <label htmlFor="erase-request">{t.eraseRequest}</label>
          <select id="erase-request" name="requestId" defaultValue="">
            <option value="">{t.noRequest}</option>
            {open.map((r) => (
              <option key={r._id} value={r._id}>
                {requestKinds[r.kind as keyof typeof requestKinds] ?? r.kind}: {r.subject} ({r.receivedOn})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label>
            <input type="checkbox" name="confirm" /> {t.eraseConfirm}
          </label>
        </div>
        <button type="submit" className="btn btn-danger">
          {t.erase}
        </button>
      </Form>
    </div>
  );
}
