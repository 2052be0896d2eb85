import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { kindOptions, rightsText as t } from "~/content/privacy-staff";
import { answerRightsForm, loadRightsPage } from "~/features/privacy/rights.server";
import { Found, RequestRow } from "~/features/privacy/rights-views";
import { AdminTable } from "~/features/staff-frame/frame";
import { titled } from "~/utils/seo";

// People's rights (docs/decisions/034-retention-and-rights.md): the request register (due in 30
// days, overdue ones stand out), and a person found by e-mail or phone, exported or erased.
// Every control is a plain form or link: it all works without JavaScript.

export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.metaTitle) },
  { name: "robots", content: "noindex" },
];

export const loader = ({ request }: LoaderFunctionArgs) => loadRightsPage(request, "admin.privacy");

export const action = ({ request }: ActionFunctionArgs) => answerRightsForm(request, "admin.privacy");

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
