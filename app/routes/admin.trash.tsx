import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";

import { formatLagos } from "@domain/schedule";
import { site } from "~/content/site";
import { trashText as lt } from "~/content/trash";
import { AdminTable } from "~/features/admin/inbox";
import { requirePermission } from "~/features/auth/auth.server";
import { ConfirmAction } from "~/features/lifecycle/confirm-action";
import { itemRefOf, runTrashAction, trashedItem } from "~/features/lifecycle/lifecycle.server";
import { readForm } from "~/utils/form-body.server";
import { adminDeletePath } from "~/utils/paths";

// The trash (docs/product.md §4): who moved each item here and when, restore, delete for good.
export const meta: MetaFunction = () => [
  { title: `${lt.trashTitle} | ${site.name}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requirePermission(request, "content");
  const items = (await api.lifecycle.trash()).map((i) => ({
    ...i,
    trashedWhen: formatLagos(i.trashedAt),
    purgeWhen: formatLagos(i.purgeAt),
  }));
  return json({ items }, { headers: api.headers });
}

/** Restore: a form per row (intent, type, id). */
export async function action({ request }: ActionFunctionArgs) {
  const form = Object.fromEntries((await readForm(request)).formData);
  const { type, id } = itemRefOf(form);
  return runTrashAction(request, "/admin/trash", async (api) => {
    const item = await trashedItem(api, type, id);
    await api.lifecycle.restore(type, id);
    return lt.restored(item.title);
  });
}

export default function Trash() {
  const { items } = useLoaderData<typeof loader>();
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
              <td>{item.trashedBy ?? lt.unknownStaff}</td>
              <td>{item.trashedWhen}</td>
              <td>{item.purgeWhen}</td>
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
    </>
  );
}
