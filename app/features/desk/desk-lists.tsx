import { Form, Link, useNavigation } from "@remix-run/react";

import { SubmitButton } from "~/components/form-parts";
import { deskListsText as t } from "~/content/desk";
import { AdminTable } from "~/features/staff-frame/frame";

// The desk's lists behind two of its counts (docs/decisions/088-the-desk-lists-and-offers-answered-as-expected.md).

/** Forward by key, and back to the first page: the lists are read oldest first, a page at a time. */
function ListPager({ path, first, next }: { path: string; first: boolean; next: string | null }) {
  if (!first && !next) return null;
  return (
    <nav className="admin-pager" aria-label={t.pagesNav}>
      {first ? <Link to={path}>← {t.first}</Link> : <span />}
      {next ? (
        <Link to={next} rel="next">
          {t.next} →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

type GuardianRow = {
  id: string;
  name: string;
  course: string;
  appliedAt: string;
  applied: string;
  guardian: string;
  to: string;
  mayResend: boolean;
  sentAt: string;
  sent: string;
  sentAgain: boolean;
};

export function GuardiansPage({
  rows,
  first,
  next,
  here,
  failed,
}: {
  rows: GuardianRow[];
  first: boolean;
  next: string | null;
  here: string;
  /** A refused "send again": which row, and why (the API's words). */
  failed?: { applicant: string; formError: string };
}) {
  const navigation = useNavigation();
  const after = new URLSearchParams(here.split("?")[1] ?? "").get("after");
  const c = t.guardians.columns;
  return (
    <>
      <p>
        <Link to="/admin/desk">← {t.back}</Link>
      </p>
      <h1>{t.guardians.title}</h1>
      <p>{t.guardians.intro}</p>
      {failed && !rows.some((r) => r.id === failed.applicant) ? (
        <p className="form-error-summary" role="alert">
          {failed.formError}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="admin-empty">{t.guardians.empty}</p>
      ) : (
        <AdminTable headers={[c.applicant, c.course, c.applied, c.guardian, c.sent, c.action]} className="desk-list">
          {rows.map((r) => (
            <tr key={r.id} data-applicant={r.id}>
              <td data-label={c.applicant}>
                <Link to={`/admin/applicants/${encodeURIComponent(r.id)}`}>{r.name}</Link>
              </td>
              <td data-label={c.course}>{r.course}</td>
              <td data-label={c.applied}>
                <time dateTime={r.appliedAt}>{r.applied}</time>
              </td>
              <td data-label={c.guardian}>
                {r.guardian}
                <br />
                <span className="guardian-address">{r.to}</span>
              </td>
              <td data-label={c.sent} data-sent-again={r.sentAgain ? "" : undefined}>
                <time dateTime={r.sentAt}>{r.sent}</time>
              </td>
              <td data-label={c.action}>
                {r.mayResend ? (
                  <Form method="post" className="desk-resend">
                    <input type="hidden" name="intent" value="guardian-resend" />
                    <input type="hidden" name="applicant" value={r.id} />
                    {after ? <input type="hidden" name="after" value={after} /> : null}
                    <SubmitButton
                      pending={navigation.state === "submitting" && navigation.formData?.get("applicant") === r.id}
                      idleText={t.guardians.resend}
                      pendingText={t.guardians.resend}
                      className="btn btn-outline"
                      aria-label={t.guardians.resendFor(r.name)}
                      aria-describedby={failed?.applicant === r.id ? `resend-error-${r.id}` : undefined}
                    />
                  </Form>
                ) : null}
                {failed?.applicant === r.id ? (
                  <p className="field-errors" role="alert" id={`resend-error-${r.id}`}>
                    {failed.formError}
                  </p>
                ) : null}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <ListPager path="/admin/desk/guardians" first={first} next={next} />
    </>
  );
}

type SavedFormRow = {
  key: string;
  name: string;
  course: string | null;
  savedAt: string;
  saved: string;
  reminder: "sent" | "no-address" | "not-yet";
  reminded: string;
};

export function SavedFormsPage({ rows, first, next }: { rows: SavedFormRow[]; first: boolean; next: string | null }) {
  const c = t.savedForms.columns;
  return (
    <>
      <p>
        <Link to="/admin/desk">← {t.back}</Link>
      </p>
      <h1>{t.savedForms.title}</h1>
      <p>{t.savedForms.intro}</p>
      {rows.length === 0 ? (
        <p className="admin-empty">{t.savedForms.empty}</p>
      ) : (
        <AdminTable headers={[c.name, c.course, c.saved, c.reminder]} className="desk-list">
          {rows.map((r) => (
            <tr key={r.key} data-reminder={r.reminder}>
              <td data-label={c.name}>{r.name || <em>{t.savedForms.noName}</em>}</td>
              <td data-label={c.course}>{r.course ?? <em>{t.savedForms.noCourse}</em>}</td>
              <td data-label={c.saved}>
                <time dateTime={r.savedAt}>{r.saved}</time>
              </td>
              <td data-label={c.reminder}>
                {r.reminder === "sent" ? t.savedForms.reminder.sent(r.reminded) : t.savedForms.reminder[r.reminder]}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <ListPager path="/admin/desk/saved-forms" first={first} next={next} />
    </>
  );
}
