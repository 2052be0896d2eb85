import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { trashText as lt } from "~/content/trash";
import { requireStaffRoute } from "~/features/auth/auth.server";
import { itemRefOf, liveItemTitle, runTrashAction } from "~/features/lifecycle/lifecycle.server";
import { readForm } from "~/utils/form-body.server";
import { editPath } from "~/utils/paths";
import { titled } from "~/utils/seo";

// "Move to trash", confirmed (docs/product.md §4): without JavaScript this page asks; with it a
// dialog on the item's page or editor posts here directly.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: titled(matches, data ? lt.confirmTrashTitle(data.type) : lt.moveToTrash) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { type, id } = itemRefOf(params);
  const { api } = await requireStaffRoute(request, "admin.$type.$id.trash");
  return json({ type, id, title: await liveItemTitle(api, type, id) }, { headers: api.headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { type, id } = itemRefOf(params);
  await readForm(request); // cross-site refusal and body limit, as every action
  return runTrashAction(request, "admin.$type.$id.trash", "/admin/trash", async (api) => {
    const title = await liveItemTitle(api, type, id);
    await api.lifecycle.moveToTrash(type, id);
    return lt.movedToTrash(title);
  });
}

export default function ConfirmTrash() {
  const { type, id, title } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{lt.confirmTrashTitle(type)}</h1>
      <p>{lt.confirmTrashText(title)}</p>
      <Form method="post" className="confirm-actions">
        <Link to={editPath(type, id)} className="btn btn-outline">
          {lt.cancel}
        </Link>
        <button type="submit" className="btn btn-primary btn-danger">
          {lt.moveToTrash}
        </button>
      </Form>
    </>
  );
}
