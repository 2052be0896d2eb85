import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { editorText } from "~/content/editor";
import editorStyles from "~/features/editor/editor.css";
import { editorAction, loadEditEditor } from "~/features/editor/editor.server";
import { EditorPage } from "~/features/editor/editor-page";
import { editorShouldRevalidate } from "~/features/editor/schema";
import { itemTypeParam } from "~/utils/paths";
import { titled } from "~/utils/seo";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: editorStyles }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: titled(matches, data ? editorText.editHeading[data.type] : "Edit") },
  { name: "robots", content: "noindex" },
];

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  loadEditEditor(request, itemTypeParam(params.type), params.id ?? "", "edit.$type.$id");

export const action = ({ request, params }: ActionFunctionArgs) =>
  editorAction(request, itemTypeParam(params.type), params.id ?? "", "edit.$type.$id");

export const shouldRevalidate = editorShouldRevalidate;

export default function EditItem() {
  return <EditorPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
