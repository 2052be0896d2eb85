import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { formatWhen } from "@domain/schedule";
import { serverErrorsText as t } from "~/content/server-errors";
import { requireStaffRoute } from "~/features/auth/auth.server";
import { AdminTable } from "~/features/staff-frame/frame";
import { readServerErrors } from "~/upstream/server-errors.server";
import { titled } from "~/utils/seo";

// The site's last server errors, with the reference a visitor's error page shows, and their count
// per day and kind (docs/decisions/056-metrics-and-errors-staff-see.md). For Admins; read only.
export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.title) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireStaffRoute(request, "admin.errors");
  const report = await readServerErrors(request);
  const errors = report.errors.map((e) => ({ ...e, when: formatWhen(e.at) }));
  return json({ errors, days: report.days }, { headers: api.headers });
}

export default function ServerErrors() {
  const { errors, days } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      <h2>{t.countsTitle}</h2>
      {days.length === 0 ? (
        <p className="admin-empty">{t.countsEmpty}</p>
      ) : (
        <AdminTable headers={[t.countsColumns.day, t.countsColumns.kind, t.countsColumns.count]}>
          {days.map((d) => (
            <tr key={`${d.day} ${d.kind}`} data-testid="error-day">
              <td data-label={t.countsColumns.day}>{d.day}</td>
              <td data-label={t.countsColumns.kind}>{d.kind}</td>
              <td data-label={t.countsColumns.count}>{d.count}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      <h2>{t.lastTitle}</h2>
      {errors.length === 0 ? (
        <p className="admin-empty">{t.empty}</p>
      ) : (
        <AdminTable headers={[t.columns.at, t.columns.reference, t.columns.route, t.columns.kind, t.columns.message]}>
          {errors.map((e) => (
            <tr key={e.id} data-testid="server-error">
              <td data-label={t.columns.at}>
                <time dateTime={e.at}>{e.when}</time>
              </td>
              <td data-label={t.columns.reference}>{e.requestId ? <code>{e.requestId}</code> : t.noReference}</td>
              <td data-label={t.columns.route}>{e.route}</td>
              <td data-label={t.columns.kind}>{e.kind}</td>
              <td data-label={t.columns.message} className="admin-message">
                {e.message}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </>
  );
}
