import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { trashText as lt } from "~/content/trash";
import { requireStaffRoute } from "~/features/auth/auth.server";
import { itemRefOf, runTrashAction, trashedItem } from "~/features/lifecycle/lifecycle.server";
import { readForm } from "~/utils/form-body.server";
import { titled } from "~/utils/seo";

// "Delete for good", confirmed, for an item in the trash (docs/product.md §4).
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: titled(matches, data ? lt.confirmDeleteTitle(data.type) : lt.deleteForGood) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { type, id } = itemRefOf(params);
  const { api } = await requireStaffRoute(request, "admin.$type.$id.delete");
  const item = await trashedItem(api, type, id);
  return json({ type, title: item.title }, { headers: api.headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { type, id } = itemRefOf(params);
  await readForm(request); // cross-site refusal and body limit, as every action
  return runTrashAction(request, "admin.$type.$id.delete", "/admin/trash", async (api) => {
    const item = await trashedItem(api, type, id);
    await api.lifecycle.deleteForGood(type, id);
    return lt.deleted(item.title);
  });
}

export default function ConfirmDelete() {
  const { type, title } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{lt.confirmDeleteTitle(type)}</h1>
      <p>{lt.confirmDeleteText(title)}</p>
      <Form method="post" className="confirm-actions">
        <Link to="/admin/trash" className="btn btn-outline">
          {lt.cancel}
        </Link>
        <button type="submit" className="btn btn-primary btn-danger">
          {lt.deleteForGood}
        </button>
      </Form>
    </>
  );
}
