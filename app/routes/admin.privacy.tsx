import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { lagosDay } from "@domain/consent";
import { formatWhen } from "@domain/schedule";
import { kindOptions, requestKinds, rightsText as t } from "~/content/privacy-staff";
import { site } from "~/content/site";
import { AdminTable } from "~/features/admin/inbox";
import { personLookup, privacyForm } from "~/features/admin/privacy-schema.server";
import { loginIfUnauthorized, requireStaffRoute } from "~/features/auth/auth.server";
import { type PersonRecords, type PrivacyRequest, UpstreamError } from "~/upstream/index.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control.server";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";

// People's rights (docs/decisions/034-retention-and-rights.md): the request register (due in 30
// days, overdue ones stand out), and a person found by e-mail or phone, exported or erased.
// Every control is a plain form or link: it all works without JavaScript.

export const meta: MetaFunction = () => [
  { title: `${t.metaTitle} | ${site.name}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaffRoute(request, "admin.privacy");
  const url = new URL(request.url);
  const lookup = personLookup.safeParse({
    email: url.searchParams.get("email") ?? undefined,
    phone: url.searchParams.get("phone") ?? undefined,
  });
  const person = lookup.success && (lookup.data.email || lookup.data.phone) ? lookup.data : null;
  try {
    const [register, found] = await Promise.all([
      api.privacy.requests(),
      person ? api.privacy.findPerson(person) : Promise.resolve(null),
    ]);
    return json(
      { register, person, found, today: lagosDay() },
      { headers: { ...Object.fromEntries(api.headers), "Cache-Control": PRIVATE_NO_STORE } },
    );
  } catch (error) {
    await loginIfUnauthorized(error, request);
    throw error;
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireStaffRoute(request, "admin.privacy");
  const { formData } = await readForm(request);
  const parsed = privacyForm.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return json({ error: parsed.error.issues[0]?.message ?? t.failed }, { status: 400 });
  const form = parsed.data;
  try {
    if (form.intent === "add") {
      await api.privacy.addRequest({ kind: form.kind, subject: form.subject, receivedOn: form.receivedOn });
      return redirectWithToast(
        "/admin/privacy",
        { message: t.added, type: "success" },
        { headers: api.headers },
        request,
      );
    }
    if (form.intent === "done") {
      await api.privacy.requestDone(form.id);
      return redirectWithToast(
        "/admin/privacy",
        { message: t.markedDone, type: "success" },
        { headers: api.headers },
        request,
      );
    }
    const erased = await api.privacy.erasePerson({ email: form.email, phone: form.phone, requestId: form.requestId });
    return redirectWithToast(
      "/admin/privacy",
      { message: t.erased(erased), type: "success" },
      { headers: api.headers },
      request,
    );
  } catch (error) {
    await loginIfUnauthorized(error, request);
    if (!(error instanceof UpstreamError)) throw error;
    return json({ error: error.status < 500 ? error.message : t.failed }, { status: 400 });
  }
}

function RequestRow({ r }: { r: PrivacyRequest }) {
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

function Found({
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

export default function PrivacyRequests() {
  const { register, person, found, today } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      {failed?.error ? (
        <div className="field-errors" role="alert">
          <p>{failed.error}</p>
        </div>
      ) : null}

      <h2>{t.registerTitle}</h2>
      <h3>{t.open}</h3>
      {register.open.length === 0 ? (
        <p>{t.noOpen}</p>
      ) : (
        <AdminTable headers={[t.kind, t.subject, t.receivedOn, t.dueOn, t.doneAt]}>
          {register.open.map((r) => (
            <RequestRow key={r._id} r={r} />
          ))}
        </AdminTable>
      )}
      <Form method="post" className="privacy-add">
        <h3>{t.addTitle}</h3>
        <input type="hidden" name="intent" value="add" />
        <div className="field-row field-row-3">
          <div className="field">
            <label htmlFor="request-kind">{t.kind}</label>
            <select id="request-kind" name="kind">
              {kindOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="request-subject">{t.subject}</label>
            <input id="request-subject" name="subject" required maxLength={200} />
          </div>
          <div className="field">
            <label htmlFor="request-received">{t.receivedOn}</label>
            <input id="request-received" name="receivedOn" type="date" required max={today} defaultValue={today} />
          </div>
        </div>
        <button type="submit" className="btn btn-primary">
          {t.add}
        </button>
      </Form>
      {register.done.length ? (
        <>
          <h3>{t.recentlyDone}</h3>
          <AdminTable headers={[t.kind, t.subject, t.receivedOn, t.dueOn, t.doneAt]}>
            {register.done.map((r) => (
              <RequestRow key={r._id} r={r} />
            ))}
          </AdminTable>
        </>
      ) : null}

      <h2 id="find">{t.findTitle}</h2>
      <Form method="get" action="/admin/privacy#find" className="privacy-find">
        <div className="field-row">
          <div className="field">
            <label htmlFor="find-email">{t.email}</label>
            <input id="find-email" name="email" type="email" defaultValue={person?.email ?? ""} maxLength={200} />
          </div>
          <div className="field">
            <label htmlFor="find-phone">{t.phone}</label>
            <input id="find-phone" name="phone" type="tel" defaultValue={person?.phone ?? ""} maxLength={30} />
          </div>
        </div>
        <button type="submit" className="btn btn-primary">
          {t.find}
        </button>
      </Form>
      {person && found ? <Found person={person} found={found} open={register.open} /> : null}
    </>
  );
}
