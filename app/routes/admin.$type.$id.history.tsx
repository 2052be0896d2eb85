import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { formatWhen } from "@domain/schedule";
import { staffName } from "@domain/staff-names";
import { historyText as t } from "~/content/lifecycle";
import { requireStaffRoute } from "~/features/auth/auth.server";
import { auditOf } from "~/features/lifecycle/history.server";
import { AdminTable } from "~/features/staff-frame/frame";
import { UpstreamError } from "~/upstream/index.server";
import { editPath, historyPath, itemPath, itemTypeParam } from "~/utils/paths";
import { titled } from "~/utils/seo";

// docs/product.md §4: the versions of a course, article or job, newest first (staff only).
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: titled(matches, data ? t.title(data.item.title) : t.link) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const type = itemTypeParam(params.type);
  const { api } = await requireStaffRoute(request, "admin.$type.$id.history");
  try {
    const { item, revisions } = await api.revisions.history(type, params.id ?? "");
    return json(
      {
        type,
        item,
        audit: auditOf(item),
        publicUrl: itemPath(type, item),
        revisions: revisions.map((r) => ({
          id: r._id,
          version: r.version,
          title: r.title,
          madeAt: r.madeAt,
          made: formatWhen(r.madeAt),
          madeBy: staffName(r.madeBy),
          replacedBy: `${staffName(r.replacedBy)}, ${formatWhen(r.replacedAt)}`,
        })),
      },
      { headers: api.headers },
    );
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
}

export default function ItemHistory() {
  const { type, item, audit, publicUrl, revisions } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t.title(item.title)}</h1>
      <p className="history-links">
        <Link to={publicUrl}>{t.viewOnSite}</Link> · <Link to={editPath(type, item._id)}>{t.edit}</Link>
      </p>
      <h2>{t.current}</h2>
      <p className="staff-audit">
        {audit.created}
        <br />
        {audit.changed}
      </p>
      {revisions.length === 0 ? (
        <p className="admin-empty">{t.none}</p>
      ) : (
        <AdminTable
          className="history-table"
          headers={[
            t.columns.version,
            t.columns.title,
            t.columns.madeBy,
            t.columns.made,
            t.columns.replacedBy,
            <span className="visually-hidden">{t.view}</span>,
          ]}
        >
          {revisions.map((r) => (
            <tr key={r.id}>
              <td data-label={t.columns.version}>{r.version}</td>
              <td data-label={t.columns.title}>{r.title}</td>
              <td data-label={t.columns.madeBy}>{r.madeBy}</td>
              <td data-label={t.columns.made}>
                <time dateTime={r.madeAt}>{r.made}</time>
              </td>
              <td data-label={t.columns.replacedBy}>{r.replacedBy}</td>
              <td>
                <Link to={historyPath(type, item._id, r.id)} aria-label={`${t.view}: ${t.version(r.version)}`}>
                  {t.view}
                </Link>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </>
  );
}
