import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { formatLagos } from "@domain/schedule";
import { trashText as lt } from "~/content/trash";
import { AdminTable, Pager } from "~/features/staff-frame/frame";
import { inboxRequest, pageOf } from "~/features/staff-frame/frame.server";
import { editPath, itemPath } from "~/utils/paths";
import { titled } from "~/utils/seo";

// Items saved with a later "Publish at" (docs/product.md §4), soonest first.
export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, lt.scheduledTitle) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, place } = await inboxRequest(request, "admin.scheduled");
  // Paged by key like the inboxes; a page number alone (no key) is the first page.
  const { rows, pager } = await pageOf(
    ({ limit, after, before }) => api.lifecycle.scheduled({ limit, after, before }),
    place.after || place.before ? place : { page: 1 },
    "",
    (i) => i.publishAt,
  );
  const items = rows.map((i) => ({
    ...i,
    when: lt.scheduledFor(formatLagos(i.publishAt)),
  }));
  return json({ items, pager }, { headers: api.headers });
}

export default function Scheduled() {
  const { items, pager } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{lt.scheduledTitle}</h1>
      <p>{lt.scheduledIntro}</p>
      {items.length === 0 ? (
        <p className="admin-empty">{lt.scheduledEmpty}</p>
      ) : (
        <AdminTable
          headers={[
            lt.scheduledColumns.title,
            lt.scheduledColumns.kind,
            lt.scheduledColumns.publishAt,
            lt.scheduledColumns.actions,
          ]}
        >
          {items.map((item) => (
            <tr key={`${item.type}-${item._id}`} data-testid="scheduled-row">
              <td>{item.title}</td>
              <td>{lt.kind[item.type]}</td>
              <td>{item.when}</td>
              <td>
                <div className="admin-row-actions">
                  <Link to={itemPath(item.type, item)} aria-label={`${lt.view}: ${item.title}`}>
                    {lt.view}
                  </Link>
                  <Link to={editPath(item.type, item._id)} aria-label={`${lt.edit}: ${item.title}`}>
                    {lt.edit}
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pager pager={pager} search="" />
    </>
  );
}
