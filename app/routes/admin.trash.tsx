import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";

import { formatLagos } from "@domain/schedule";
import { trashText as lt } from "~/content/trash";
import { ConfirmAction } from "~/features/lifecycle/confirm-action";
import { itemRefOf, runTrashAction, trashedItem } from "~/features/lifecycle/lifecycle.server";
import { AdminTable, Pager } from "~/features/staff-frame/frame";
import { inboxRequest, pageOf } from "~/features/staff-frame/frame.server";
import { readForm } from "~/utils/form-body.server";
import { adminDeletePath } from "~/utils/paths";
import { titled } from "~/utils/seo";

// The trash (docs/product.md §4): who moved each item here and when, restore, delete for good.
export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, lt.trashTitle) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, place } = await inboxRequest(request, "admin.trash");
  // Paged by key like the inboxes; a page number alone (no key) is the first page.
  const { rows, pager } = await pageOf(
    ({ limit, after, before }) => api.lifecycle.trash({ limit, after, before }),
    place.after || place.before ? place : { page: 1 },
    "",
    (i) => i.trashedAt,
  );
  const items = rows.map((i) => ({
    ...i,
    trashedWhen: formatLagos(i.trashedAt),
    purgeWhen: formatLagos(i.purgeAt),
  }));
  return json({ items, pager }, { headers: api.headers });
}

/** Restore: a form per row (intent, type, id). */
export async function action({ request }: ActionFunctionArgs) {
  const form = Object.fromEntries((await readForm(request)).formData);
  const { type, id } = itemRefOf(form);
  return runTrashAction(request, "admin.trash", "/admin/trash", async (api) => {
    const item = await trashedItem(api, type, id);
    await api.lifecycle.restore(type, id);
    return lt.restored(item.title);
  });
}

export default function Trash() {
  const { items, pager } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{lt.trashTitle}</h1>
      <p>{lt.trashIntro}</p>
      {items.length === 0 ? (
        <p className="admin-empty">{lt.trashEmpty}</p>
      ) : (
        <AdminTable
          headers={[
            lt.columns.title,
            lt.columns.kind,
            lt.columns.trashedBy,
            lt.columns.trashedAt,
            lt.columns.purgeAt,
            lt.columns.actions,
          ]}
        >
          {items.map((item) => (
            <tr key={`${item.type}-${item._id}`} data-testid="trash-row">
              <td>{item.title}</td>
              <td>{lt.kind[item.type]}</td>
              {/* On a phone the table's header is hidden: each date says which it is (docs/product.md §4). */}
              <td data-label={lt.columns.trashedBy}>{item.trashedBy ?? lt.unknownStaff}</td>
              <td data-label={lt.columns.trashedAt}>{item.trashedWhen}</td>
              <td data-label={lt.columns.purgeAt}>{item.purgeWhen}</td>
              <td>
                <div className="admin-row-actions">
                  <Form method="post">
                    <input type="hidden" name="type" value={item.type} />
                    <input type="hidden" name="id" value={item._id} />
                    <button
                      type="submit"
                      className="btn btn-outline btn-small"
                      aria-label={`${lt.restore}: ${item.title}`}
                    >
                      {lt.restore}
                    </button>
                  </Form>
                  <ConfirmAction
                    href={adminDeletePath(item.type, item._id)}
                    action={adminDeletePath(item.type, item._id)}
                    label={lt.deleteForGood}
                    title={lt.confirmDeleteTitle(item.type)}
                    text={lt.confirmDeleteText(item.title)}
                    confirmLabel={lt.deleteForGood}
                    cancelLabel={lt.cancel}
                    className="btn btn-outline btn-small btn-danger"
                  />
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
