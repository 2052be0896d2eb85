import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { itemTypeOf } from "@domain/items";
import { editorText as t } from "~/content/editor";
import { requireStaffRoute } from "~/features/auth/auth.server";
import { readForm } from "~/utils/form-body.server";
import { titled } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

// "Discard draft", confirmed (docs/product.md §2, Editors): without JavaScript this page asks;
// with it a dialog in the editor posts here directly. Only the staff member's own draft goes.
export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, t.discardTitle) },
  { name: "robots", content: "noindex" },
];

function typeOf(params: LoaderFunctionArgs["params"]) {
  const type = itemTypeOf(params.type);
  if (!type) throw new Response("Not Found", { status: 404 });
  return type;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const type = typeOf(params);
  const { api } = await requireStaffRoute(request, "admin.drafts.$type.discard");
  return json({ type }, { headers: api.headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const type = typeOf(params);
  await readForm(request); // cross-site refusal and body limit, as every action
  const { api } = await requireStaffRoute(request, "admin.drafts.$type.discard");
  await api.drafts.discard(type);
  return redirectWithToast(`/${type}/new`, { message: t.draftDiscarded, type: "success" }, { headers: api.headers });
}

export default function ConfirmDiscardDraft() {
  const { type } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t.discardTitle}</h1>
      <p>{t.discardText}</p>
      <Form method="post" className="confirm-actions">
        <Link to={`/${type}/new`} className="btn btn-outline">
          {t.keepDraft}
        </Link>
        <button type="submit" className="btn btn-primary btn-danger">
          {t.discardDraft}
        </button>
      </Form>
    </>
  );
}
